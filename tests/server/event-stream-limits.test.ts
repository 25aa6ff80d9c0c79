import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, signInOverHttp, startServer, tempDataDir } from "../support/server";

/**
 * The event stream (/api/eventos) through the real built server (security review, item 7): at
 * most 5 streams per person (the 6th answers 429 in Spanish), and a stream ends when the session
 * that opened it ends: sign-out, role change, removal.
 */
describe("event stream limits and lifetime", () => {
  let server: RunningServer;
  const PASSWORD = "un paseo largo por el parque";

  beforeAll(() => {
    const dataDir = tempDataDir();
    // Accounts created before the server starts (the CLI refuses while it holds PGlite).
    for (const [email, role] of [
      ["admin@example.com", "administrator"],
      ["editor@example.com", "editor"],
    ]) {
      const r = spawnSync(
        process.execPath,
        ["scripts/user-create.js", "--email", email!, "--role", role!],
        {
          env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
          encoding: "utf8",
          input: `${PASSWORD}\n`,
        },
      );
      if (r.status !== 0) throw new Error(`user:create: ${r.stderr}${r.stdout}`);
    }
    return startServer({ dataDir, env: { EVENTS_HEARTBEAT_MS: "200" } }).then((s) => {
      server = s;
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const post = (path: string, form: Record<string, string>, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(form),
    });

  // Administrators and editors enrol a second factor at their first sign-in; later ones type a code.
  const secrets = new Map<string, string>();
  const signIn = (email: string) => signInOverHttp(server.url, email, PASSWORD, secrets);

  const openStream = async (cookie: string) => {
    const res = await fetch(`${server.url}/api/eventos`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("event: listo")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("el flujo terminó antes de empezar");
      text += decoder.decode(value, { stream: true });
    }
    return reader;
  };

  /** Resolves true when the stream ends within `ms` (heartbeats are read and ignored). */
  const ends = async (reader: ReadableStreamDefaultReader<Uint8Array>, ms = 3000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const r = await Promise.race([
        reader.read().catch(() => ({ done: true as const, value: undefined })),
        new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), left)),
      ]);
      if (r === "timeout") return false;
      if (r.done) return true;
    }
  };

  const userIdOf = async (adminCookie: string, email: string) => {
    const html = await (
      await fetch(`${server.url}/admin/usuarios`, { headers: { cookie: adminCookie } })
    ).text();
    const id = new RegExp(`${email}[\\s\\S]*?name="userId" value="([^"]+)"`).exec(html)?.[1];
    expect(id).toBeTruthy();
    return id!;
  };

  it("refuses a sixth stream per person with 429 and a Spanish message; sign-out ends them", async () => {
    const cookie = await signIn("admin@example.com");
    const readers = [];
    for (let i = 0; i < 5; i++) readers.push(await openStream(cookie));
    const sixth = await fetch(`${server.url}/api/eventos`, { headers: { cookie } });
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { message: string }).message).toMatch(/pestañas/);

    // Another person is not affected by someone else's streams.
    const editorCookie = await signIn("editor@example.com");
    const editorStream = await openStream(editorCookie);

    // Heartbeats keep an open stream alive while the session is valid.
    expect(await ends(readers[0]!, 700)).toBe(false);

    const out = await post("/auth/salir", {}, cookie);
    expect(out.status).toBe(302);
    for (const r of readers) expect(await ends(r)).toBe(true);
    expect(await ends(editorStream, 700)).toBe(false);
    await editorStream.cancel();

    // The slots are free again for a new session.
    const again = await signIn("admin@example.com");
    const reopened = await openStream(again);
    await reopened.cancel();
  });

  it("a role change or the removal of the account ends that person's streams", async () => {
    const admin = await signIn("admin@example.com");
    const editorId = await userIdOf(admin, "editor@example.com");

    const stream = await openStream(await signIn("editor@example.com"));
    const changed = await post(
      "/admin/usuarios",
      { intent: "role", userId: editorId, role: "contributor" },
      admin,
    );
    expect(changed.status).toBe(302);
    expect(await ends(stream)).toBe(true);

    const second = await openStream(await signIn("editor@example.com"));
    const removed = await post("/admin/usuarios", { intent: "remove", userId: editorId }, admin);
    expect(removed.status).toBe(302);
    expect(await ends(second)).toBe(true);
  });
});
