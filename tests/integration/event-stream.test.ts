import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { session, user } from "~/db/schema";
import {
  closeReviewStreams,
  openStreamCount,
  setHeartbeatMs,
  STREAM_LIMITS,
} from "~/platform/events.server";
import * as eventsApi from "~/routes/resources/events-api";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeContext, staffCookie } from "../support/routes";

/**
 * The event stream's session re-check and process cap (security review, item 7). The per-person
 * cap and the closing on sign-out / role change / removal are proven through the built server in
 * tests/server/event-stream-limits.test.ts; here the session disappears behind the process's
 * back (as when another instance signs the person out, or the session expires), which only the
 * heartbeat re-check can notice.
 */
describe.each(DRIVERS)("event stream lifetime (%s)", (driver) => {
  const db = useTestDatabase(driver);

  beforeAll(async () => {
    setHeartbeatMs(100);
  });
  afterEach(async () => {
    await closeReviewStreams();
  });
  afterAll(async () => {
    setHeartbeatMs(25_000);
  });

  const open = async (cookie: string) => {
    const request = new Request("http://localhost:3000/api/eventos", { headers: { cookie } });
    return (await eventsApi.loader({ request, context: makeContext() } as never)) as Response;
  };

  const readers = new WeakMap<Response, ReadableStreamDefaultReader<Uint8Array>>();
  const endsWithin = async (res: Response, ms: number) => {
    const reader = readers.get(res) ?? res.body!.getReader();
    readers.set(res, reader);
    const deadline = Date.now() + ms;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const r = await Promise.race([
        reader.read(),
        new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), left)),
      ]);
      if (r === "timeout") return false;
      if (r.done) return true;
    }
  };

  it("a session deleted elsewhere (other instance, expiry) ends the stream at the next heartbeat", async () => {
    const cookie = await staffCookie(db.db, "editor");
    const [editor] = await db.db.select().from(user).where(eq(user.email, "editor@example.com"));
    const res = await open(cookie);
    expect(res.status).toBe(200);
    expect(openStreamCount(editor!.id)).toBe(1);
    // Still valid: heartbeats go on.
    const keep = await open(cookie);
    expect(await endsWithin(keep, 400)).toBe(false);

    await db.db.delete(session).where(eq(session.userId, editor!.id));
    expect(await endsWithin(res, 2000)).toBe(true);
    expect(await endsWithin(keep, 2000)).toBe(true);
    expect(openStreamCount(editor!.id)).toBe(0);
  });

  it("the process keeps at most STREAM_LIMITS.perProcess streams (503 past that)", async () => {
    const saved = STREAM_LIMITS.perProcess;
    STREAM_LIMITS.perProcess = 3;
    try {
      const cookies = await Promise.all(
        ["administrator", "editor", "contributor", "editor"].map((role, i) =>
          staffCookie(db.db, role, `persona${i}@example.com`),
        ),
      );
      for (const c of cookies.slice(0, 3)) expect((await open(c)).status).toBe(200);
      const refused = await open(cookies[3]!);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { message: string }).message).toMatch(/ocupado/);
    } finally {
      STREAM_LIMITS.perProcess = saved;
    }
  });
});
