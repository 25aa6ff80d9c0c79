import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { reviews } from "~/db/schema";
import { audit } from "~/platform/audit.server";

/**
 * A new install's example reviews (source 'seed', content/reviews/reviews.json): no client wrote
 * them, so the practice takes them down in one go once it has real ones (or before going live).
 * They stay in Reseñas, unpublished, and can be edited or deleted there like any other.
 */

/** Unpublishes every published example review; audited once with how many. */
export async function unpublishExampleReviews(
  db: Db,
  actor: { id: string; email: string },
  ip: string,
) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(reviews)
      .set({ isPublished: false, updatedAt: new Date() })
      .where(and(eq(reviews.source, "seed"), eq(reviews.isPublished, true)))
      .returning({ id: reviews.id });
    if (rows.length > 0) {
      await audit(tx, {
        action: "review_examples_unpublished",
        actor,
        details: { count: rows.length },
        ip,
      });
    }
    return rows.length;
  });
}
