import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgDatabase } from "../support/db";
import {
  createFirstAdmin,
  enrolOverHttp,
  type RunningServer,
  startServer,
} from "../support/server";

/**
 * The new-review notice is live across instances (docs/decisions/010): a review sent to one server
 * reaches a browser whose event stream is open on another, through PostgreSQL LISTEN/NOTIFY. An
 * open stream does not hold up a graceful shutdown.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("live review notice on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    database = await createPgDatabase();
    // Several instances share one signing secret (README: AUTH_SECRET).
    const env = { DATABASE_URL: database.url, AUTH_SECRET: "s".repeat(16) + "e".repeat(16) };
    a = await startServer({ env });
    b = await startServer({ env });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  const post = (server: RunningServer, path: string, form: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });

  it("a review sent to one instance reaches the stream open on the other", async () => {
    // The first account (administrator) is created on instance A…
    const signUp = await createFirstAdmin(a, {
      name: "Ana Ruiz",
      email: "ana@example.com",
      password: "un paseo largo por el parque",
    });
    expect(signUp.status).toBe(302);
    const firstCookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(firstCookie).toContain("session");
    // An administrator without a second factor gets no event stream: enrol first (Mi cuenta).
    expect((await fetch(`${b.url}/api/eventos`, { headers: { cookie: firstCookie } })).status).toBe(
      401,
    );
    const cookie = await enrolOverHttp(a.url, firstCookie, "un paseo largo por el parque");

    // …and its session is valid on instance B, where the event stream is opened.
    expect((await fetch(`${b.url}/api/eventos`)).status).toBe(401);
    const stream = await fetch(`${b.url}/api/eventos`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    expect(stream.headers.get("content-encoding")).toBeNull();
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    const until = async (text: string) => {
      const deadline = Date.now() + 5000;
      while (!received.includes(text)) {
        if (Date.now() > deadline) throw new Error(`no llegó ${text}: ${received}`);
        const { value, done } = await reader.read();
        if (done) throw new Error(`el flujo terminó sin ${text}`);
        received += decoder.decode(value, { stream: true });
      }
    };
    await until("event: listo");

    const review = await post(a, "/resenas/nueva", {
      name: "Clara V.",
      role: "",
      content: "Muy buena experiencia, lo recomiendo de corazón.",
      rating: "5",
      consent: "on",
    });
    expect(review.status).toBe(200);
    await until("event: resena");

    // A graceful stop ends the open stream instead of waiting for it.
    const started = Date.now();
    expect(await b.stop("SIGTERM")).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    const end = await reader.read().catch(() => ({ done: true }));
    expect(end.done).toBe(true);
  });
});
