import { and, count, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reviews, user } from "~/db/schema";

/**
 * The new-review notice (docs/decisions/010-live-notices-for-staff.md): visitor reviews newer than
 * the person's last visit to the reviews page. The live stream that tells open admin pages to
 * count again is the platform's (app/platform/events.server.ts).
 */
export interface ReviewNotice {
  /** Every review, published or not. */
  total: number;
  /** Reviews sent by visitors (compared between refreshes: growth means a toast). */
  received: number;
  /** Visitor reviews created after this person last opened the reviews page. */
  fresh: number;
}

export async function reviewNotice(db: Db, userId: string): Promise<ReviewNotice> {
  const [[all], [mine]] = await Promise.all([
    db.select({ total: count(), received: count(reviews.consentAt) }).from(reviews),
    db
      .select({ n: count() })
      .from(reviews)
      .innerJoin(user, eq(user.id, userId))
      .where(
        and(
          isNotNull(reviews.consentAt),
          gt(reviews.createdAt, sql`coalesce(${user.reviewsSeenAt}, ${user.createdAt})`),
        ),
      ),
  ]);
  return { total: all?.total ?? 0, received: all?.received ?? 0, fresh: mine?.n ?? 0 };
}

/** Clears the notice: called only from the reviews page's POST (intent=seen), never a GET. */
export async function markReviewsSeen(db: Db, userId: string) {
  await db.update(user).set({ reviewsSeenAt: new Date() }).where(eq(user.id, userId));
}
