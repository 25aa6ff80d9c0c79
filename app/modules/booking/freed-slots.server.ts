import type { Db } from "~/db/client.server";
import { waitlistSlots } from "~/db/schema";
import { MIN_LEAD_MS } from "./waitlist";

/**
 * Records an hour that became free, in the transaction that freed it, so it is never lost; the
 * waitlist job (and the nudge after the commit) offers it.
 */
export async function recordFreedSlot(
  tx: Pick<Db, "insert">,
  row: { serviceId: number | null; startsAt: Date; endsAt: Date },
  reason: "cancelacion" | "cambio" | "liberada",
  now = new Date(),
) {
  if (row.startsAt.getTime() - now.getTime() < MIN_LEAD_MS) return;
  await tx.insert(waitlistSlots).values({
    serviceId: row.serviceId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    reason,
    status: "abierta",
  });
}
