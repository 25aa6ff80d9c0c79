import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { reviewNotice } from "~/modules/reviews/notice.server";
import { closeReviewStreams } from "~/platform/events.server";
import { saveReview, submitReview } from "~/modules/reviews/reviews.server";
import * as root from "~/root";
import * as eventsApi from "~/routes/resources/events-api";
import * as reviewsRedirect from "~/routes/admin/reviews-redirect";
import * as reviewsPage from "~/routes/admin/reviews";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeContext, makeRequest, run, staffCookie } from "../support/routes";

const review = (name: string) => ({
  name,
  role: "",
  content: "Una reseña de prueba con contenido suficiente.",
  rating: "5",
  consent: "on",
});

/** Reads server-sent events from a stream until `want` events named `name` arrived. */
async function readEvents(body: ReadableStream<Uint8Array>, name: string, want: number) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const found: string[] = [];
  const deadline = Date.now() + 5000;
  while (found.length < want && Date.now() < deadline) {
    const { value, done } = await Promise.race([
      reader.read(),
      new Promise<{ value: undefined; done: true }>((r) =>
        setTimeout(() => r({ value: undefined, done: true }), deadline - Date.now()),
      ),
    ]);
    if (done) break;
    text += decoder.decode(value, { stream: true });
    found.splice(0);
    for (const block of text.split("\n\n")) {
      const lines = block.split("\n");
      if (lines.includes(`event: ${name}`)) {
        found.push(lines.find((l) => l.startsWith("data: "))!.slice(6));
      }
    }
  }
  reader.releaseLock();
  return found;
}

describe.each(DRIVERS)("new-review notice (%s)", (driver) => {
  const db = useTestDatabase(driver);
  let cookie = "";
  let userId = "";

  beforeAll(async () => {
    cookie = await staffCookie(db.db, "editor");
    userId = (await db.db.select({ id: user.id }).from(user))[0]!.id;
  });
  afterAll(async () => {
    closeReviewStreams();
  });

  const rootNotice = async (path = "/") => {
    const out = await run(root.loader, { request: makeRequest(path, { cookie }) });
    return (out.data as { reviewNotice: { total: number; fresh: number } | null }).reviewNotice;
  };

  it("counts visitor reviews newer than the last visit; the page's POST (intent=seen) clears it", async () => {
    expect(await rootNotice()).toEqual({ total: 0, received: 0, fresh: 0 });
    await submitReview(db.db, review("Ana P."), { ip: "a" });
    await submitReview(db.db, review("Luis R."), { ip: "b" });
    // Reviews written by staff are not news to anyone.
    await saveReview(db.db, { ...review("Marta G."), isPublished: "on" });
    expect(await rootNotice()).toEqual({ total: 3, received: 2, fresh: 2 });
    // Never shown on the reviews page itself.
    expect((await rootNotice("/admin/resenas"))?.fresh).toBe(0);

    const out = await run(reviewsRedirect.loader, {
      request: makeRequest("/admin/reviews", { cookie }),
    });
    expect(out.status).toBe(302);
    expect(out.location).toBe("/admin/resenas");
    // GETs change nothing (a link from elsewhere or a prefetch must not hide the notice)…
    expect(await rootNotice()).toEqual({ total: 3, received: 2, fresh: 2 });
    await run(reviewsPage.loader, { request: makeRequest("/admin/resenas", { cookie }) });
    expect(await rootNotice()).toEqual({ total: 3, received: 2, fresh: 2 });
    // …the page clears it with a POST once shown.
    const seen = () =>
      run(reviewsPage.action, {
        request: makeRequest("/admin/resenas", { cookie, form: { intent: "seen", auto: "1" } }),
      });
    expect((await seen()).status).toBe(200);
    expect(await rootNotice()).toEqual({ total: 3, received: 2, fresh: 0 });

    await submitReview(db.db, review("Eva T."), { ip: "c" });
    expect(await rootNotice()).toEqual({ total: 4, received: 3, fresh: 1 });
    await seen();
    expect(await reviewNotice(db.db, userId)).toEqual({ total: 4, received: 3, fresh: 0 });
  });

  it("a list that cannot load still renders the page with its inline error", async () => {
    const ok = await run(reviewsPage.loader, {
      request: makeRequest("/admin/resenas", { cookie }),
    });
    expect((ok.data as { loadError: unknown }).loadError).toBeNull();
    await db.db.execute(sql`alter table reviews rename to reviews_hidden`);
    try {
      const out = await run(reviewsPage.loader, {
        request: makeRequest("/admin/resenas", { cookie }),
      });
      expect(out.status).toBe(200);
      expect(out.data).toMatchObject({
        items: [],
        loadError: expect.stringContaining("base de datos"),
      });
    } finally {
      await db.db.execute(sql`alter table reviews_hidden rename to reviews`);
    }
  });

  it("nobody signed in: no notice", async () => {
    const out = await run(root.loader, { request: makeRequest("/") });
    expect((out.data as { reviewNotice: unknown }).reviewNotice).toBeNull();
  });

  it("the event stream is for staff only", async () => {
    const out = await run(eventsApi.loader, { request: makeRequest("/api/eventos") });
    expect(out.status).toBe(401);
  });

  it("streams each stored review to signed-in staff, only after it commits", async () => {
    const abort = new AbortController();
    const request = new Request("http://localhost:3000/api/eventos", {
      headers: { cookie },
      signal: abort.signal,
    });
    const res = (await eventsApi.loader({ request, context: makeContext() } as never)) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const body = res.body!;
    const ready = await readEvents(body, "listo", 1);
    expect(ready).toEqual(["ok"]);

    // An invalid review stores nothing and announces nothing; a valid one is announced once.
    const bad = await submitReview(db.db, { ...review("X"), consent: "" }, { ip: "d" });
    expect(bad.ok).toBe(false);
    const good = await submitReview(db.db, review("Nuria S."), { ip: "e" });
    if (!good.ok || good.id === null) throw new Error("no se guardó");
    const events = await readEvents(body, "resena", 1);
    expect(events).toEqual([String(good.id)]);
    abort.abort();
  });
});
