import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { database } from "~/context";
import type { Db } from "~/db/client.server";
import { settings } from "~/db/schema";
import type { FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { type Settings, SettingsSchema, settingsFromStored } from "./schemas";

const perRequest = new WeakMap<object, Promise<Settings>>();

/**
 * The settings, read once per request however many loaders ask (root, page): loaders of one
 * request share its `context`.
 */
export function requestSettings(context: Readonly<RouterContextProvider>): Promise<Settings> {
  let pending = perRequest.get(context);
  if (!pending) {
    pending = database(context).then(getSettings);
    perRequest.set(context, pending);
    pending.catch(() => perRequest.delete(context));
  }
  return pending;
}

export async function getSettings(db: Db): Promise<Settings> {
  const [row] = await db.select({ data: settings.data }).from(settings).where(eq(settings.id, 1));
  return settingsFromStored(row?.data);
}

export type UpdateResult = { ok: true; settings: Settings } | FormFailure;

/** Validates the whole record and saves it; nothing is written when any field is invalid. */
export async function updateSettings(db: Db, input: unknown): Promise<UpdateResult> {
  const parsed = parseWith(SettingsSchema, input);
  if (!parsed.ok) return parsed;
  await db
    .insert(settings)
    .values({ id: 1, data: parsed.data })
    .onConflictDoUpdate({ target: settings.id, set: { data: parsed.data, updatedAt: new Date() } });
  return { ok: true, settings: parsed.data };
}

/** Whether Ajustes was ever saved (a new install reads the defaults and has no row yet). */
export async function settingsSaved(db: Db) {
  const [row] = await db.select({ id: settings.id }).from(settings).where(eq(settings.id, 1));
  return Boolean(row);
}
