import { asc, eq, gte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookingConfig, bookingExceptions, bookingServices } from "~/db/schema";
import { audit } from "~/platform/audit.server";
import { formFailure, type FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { madridDate } from "./slots";
import { BookingRulesFormSchema, ClosedDaysFormSchema, ServiceFormSchema } from "./config";

/**
 * What the practice offers (the 'Citas' settings, /admin/citas/ajustes): the rules, the
 * services and the closed days. Each change is in the audit log.
 */

type Actor = { id: string; email: string };
export type SaveResult = { ok: true } | (FormFailure & { status: 400 | 404 });

export async function saveRules(
  db: Db,
  actor: Actor,
  input: unknown,
  ip: string,
): Promise<SaveResult> {
  const parsed = parseWith(BookingRulesFormSchema, input);
  if (!parsed.ok) return { ...parsed, status: 400 };
  await db
    .insert(bookingConfig)
    .values({ id: 1, data: parsed.data })
    .onConflictDoUpdate({
      target: bookingConfig.id,
      set: { data: parsed.data, updatedAt: new Date() },
    });
  await audit(db, { action: "booking_rules_changed", actor, ip });
  return { ok: true };
}

/** Saves a service: `id` an existing one's, or null for a new one (added last). */
export async function saveService(
  db: Db,
  actor: Actor,
  id: number | null,
  input: unknown,
  ip: string,
): Promise<SaveResult> {
  const parsed = parseWith(ServiceFormSchema, input);
  if (!parsed.ok) return { ...parsed, status: 400 };
  if (id === null) {
    const existing = await db.select({ position: bookingServices.position }).from(bookingServices);
    const position = Math.max(0, ...existing.map((s) => s.position)) + 1;
    const [row] = await db
      .insert(bookingServices)
      .values({ ...parsed.data, position })
      .returning({ id: bookingServices.id });
    await audit(db, { action: "booking_service_saved", actor, target: `servicio:${row!.id}`, ip });
    return { ok: true };
  }
  const updated = await db
    .update(bookingServices)
    .set(parsed.data)
    .where(eq(bookingServices.id, id))
    .returning({ id: bookingServices.id });
  if (updated.length === 0) return { ...formFailure("El servicio ya no existe."), status: 404 };
  await audit(db, { action: "booking_service_saved", actor, target: `servicio:${id}`, ip });
  return { ok: true };
}

/** Removes a service; its appointments keep their copy of its name and modality. */
export async function removeService(
  db: Db,
  actor: Actor,
  id: number | null,
  ip: string,
): Promise<SaveResult> {
  if (id === null) return { ...formFailure("El servicio ya no existe."), status: 404 };
  const removed = await db
    .delete(bookingServices)
    .where(eq(bookingServices.id, id))
    .returning({ id: bookingServices.id });
  if (removed.length === 0) return { ...formFailure("El servicio ya no existe."), status: 404 };
  await audit(db, { action: "booking_service_removed", actor, target: `servicio:${id}`, ip });
  return { ok: true };
}

/** Closed days still ahead (or going on), in order. */
export async function upcomingClosedDays(db: Db, now = new Date()) {
  return db
    .select()
    .from(bookingExceptions)
    .where(gte(bookingExceptions.endsOn, madridDate(now.getTime())))
    .orderBy(asc(bookingExceptions.startsOn));
}

export async function addClosedDays(
  db: Db,
  actor: Actor,
  input: unknown,
  ip: string,
): Promise<SaveResult> {
  const parsed = parseWith(ClosedDaysFormSchema, input);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const [row] = await db.insert(bookingExceptions).values(parsed.data).returning();
  await audit(db, {
    action: "booking_closed_days_changed",
    actor,
    target: `cierre:${row!.id}`,
    ip,
  });
  return { ok: true };
}

export async function removeClosedDays(
  db: Db,
  actor: Actor,
  id: number | null,
  ip: string,
): Promise<SaveResult> {
  if (id === null) return { ...formFailure("Ese cierre ya no existe."), status: 404 };
  const removed = await db
    .delete(bookingExceptions)
    .where(eq(bookingExceptions.id, id))
    .returning({ id: bookingExceptions.id });
  if (removed.length === 0) return { ...formFailure("Ese cierre ya no existe."), status: 404 };
  await audit(db, { action: "booking_closed_days_changed", actor, target: `cierre:${id}`, ip });
  return { ok: true };
}

/**
 * Whether the practice has set its hours and prices (the panel's 'Primeros pasos'): the rules
 * were saved once (the row exists), and how many services offered on the web have no price.
 */
export async function practiceSetUp(db: Db) {
  const [[rules], services] = await Promise.all([
    db.select({ id: bookingConfig.id }).from(bookingConfig).where(eq(bookingConfig.id, 1)),
    db
      .select({ priceText: bookingServices.priceText })
      .from(bookingServices)
      .where(eq(bookingServices.active, true)),
  ]);
  return {
    rulesSaved: Boolean(rules),
    services: services.length,
    unpriced: services.filter((s) => s.priceText.trim() === "").length,
  };
}
