import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { getEnv } from "~/utils/env.server";

/**
 * RATE_LIMIT_DISABLED=1 lifts every limit (load benchmarks only; see docs/quality.md). Validated
 * at start-up: any value but 1 or 0 stops the server, so a typo never disables protection.
 */
export function rateLimitsDisabled() {
  return getEnv().RATE_LIMIT_DISABLED;
}

/**
 * Fixed-window counters in the database, so every instance sharing one PostgreSQL sees the same
 * limits. One atomic upsert per hit; inside a caller's transaction it counts only if that commits.
 */
export async function hitRateLimit(
  db: Pick<Db, "execute">,
  key: string,
  limit: number,
  windowMs: number,
): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
  if (rateLimitsDisabled()) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  const seconds = windowMs / 1000;
  const result = await db.execute<{ count: number; window_start: string }>(sql`
    insert into rate_limit (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limit.window_start < now() - make_interval(secs => ${seconds})
                   then 1 else rate_limit.count + 1 end,
      window_start = case when rate_limit.window_start < now() - make_interval(secs => ${seconds})
                   then now() else rate_limit.window_start end
    returning count, window_start`);
  const row = result.rows[0]!;
  const count = Number(row.count);
  const elapsed = Date.now() - new Date(row.window_start).getTime();
  return {
    allowed: count <= limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowMs - elapsed) / 1000)),
  };
}

/**
 * Whether a key is still under its limit, without counting this call: for limits on failures
 * (checked before an attempt, counted with `hitRateLimit` only when it fails).
 */
export async function underRateLimit(
  db: Pick<Db, "execute">,
  key: string,
  limit: number,
  windowMs: number,
) {
  if (rateLimitsDisabled()) return true;
  const result = await db.execute<{ count: number }>(sql`
    select count from rate_limit
    where key = ${key} and window_start >= now() - make_interval(secs => ${windowMs / 1000})`);
  const row = result.rows[0];
  return !row || Number(row.count) < limit;
}

/** Records one failure for a key (e.g. an account's failed sign-in); returns the new count. */
export async function recordFailure(db: Db, key: string): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limit (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set count = rate_limit.count + 1, window_start = now()
    returning count`);
  return Number(result.rows[0]!.count);
}

/**
 * After `freeFailures` failures, each new attempt must wait a delay that doubles with every
 * further failure (1 s, 2 s, 4 s … up to 15 minutes) counted from the last failure.
 */
export async function failureDelaySeconds(db: Db, key: string, freeFailures: number) {
  const result = await db.execute<{ count: number; window_start: string }>(
    sql`select count, window_start from rate_limit where key = ${key}`,
  );
  const row = result.rows[0];
  if (!row || Number(row.count) < freeFailures) return 0;
  const delayMs = Math.min(2 ** (Number(row.count) - freeFailures) * 1000, 15 * 60 * 1000);
  const waited = Date.now() - new Date(row.window_start).getTime();
  return waited >= delayMs ? 0 : Math.ceil((delayMs - waited) / 1000);
}

export async function clearKey(db: Db, key: string) {
  await db.execute(sql`delete from rate_limit where key = ${key}`);
}
