import { createHash } from "node:crypto";
import { diffLines } from "diff";
import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { advertisingAuthorisations, articles } from "~/db/schema";
import { PAGES, pageDefinition, pageText } from "~/modules/pages/fields";
import { pageValues } from "~/modules/pages/texts.server";
import { audit } from "~/platform/audit.server";
import { type FormFailure, formFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import {
  ADVERTISING_MESSAGES,
  ADVERTISING_VALID_YEARS,
  AdvertisingSchema,
  type AdvertisingState,
} from "./advertising";

/**
 * Public texts authorised as health advertising (docs/compliance.md, «Publicidad sanitaria
 * autorizada»): she records each authorisation (number, dates) against one of her texts, the text
 * as it stands is kept with its SHA-256, and any later edit shows as a change that needs a new
 * authorisation, with what changed. Targets: 'texto:<page key>' (Textos de la web) and
 * 'articulo:<article id>'.
 */

interface Actor {
  id: string;
  email: string;
}

/** A text that can carry an authorisation: its target, its name for her, and where it shows. */
export interface AdvertisingTarget {
  target: string;
  label: string;
  path: string;
}

export async function advertisingTargets(db: Db): Promise<AdvertisingTarget[]> {
  const list = await db
    .select({ id: articles.id, title: articles.title, slug: articles.slug })
    .from(articles)
    .orderBy(asc(articles.title));
  return [
    ...PAGES.map((p) => ({ target: `texto:${p.key}`, label: p.title, path: p.path })),
    ...list.map((a) => ({
      target: `articulo:${a.id}`,
      label: `Artículo: ${a.title}`,
      path: `/blog/${a.slug}`,
    })),
  ];
}

/** The target's text as it stands (what an authority reads), or null when it no longer exists. */
async function currentText(db: Db, target: string): Promise<string | null> {
  const [kind, key = ""] = target.split(/:(.*)/s);
  if (kind === "texto") {
    return pageDefinition(key) ? pageText(await pageValues(db, key)) : null;
  }
  if (kind === "articulo" && /^\d{1,9}$/.test(key)) {
    const [row] = await db
      .select({ title: articles.title, excerpt: articles.excerpt, content: articles.content })
      .from(articles)
      .where(eq(articles.id, Number(key)));
    return row ? [row.title, row.excerpt, row.content].join("\n\n") : null;
  }
  return null;
}

const normalized = (text: string) => text.replace(/\r\n?/g, "\n").trim();
const fingerprintOf = (text: string) =>
  createHash("sha256").update(normalized(text), "utf8").digest("hex");

/** YYYY-MM-DD plus whole years (29 February becomes 1 March, as a date input would read it). */
function plusYears(day: string, years: number) {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y! + years, m! - 1, d!)).toISOString().slice(0, 10);
}

export type AdvertisingResult = { ok: true } | (FormFailure & { status: 400 | 404 });

/**
 * Records (or replaces) the authorisation of a text: its number and dates, and the text as it
 * stands now with its fingerprint. Without an expiry, the usual validity (3 years) from the date.
 */
export async function recordAuthorisation(
  db: Db,
  actor: Actor,
  raw: unknown,
  ip: string,
): Promise<AdvertisingResult> {
  const parsed = parseWith(AdvertisingSchema, raw);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const { target, number, authorisedOn } = parsed.data;
  const expiresOn = parsed.data.expiresOn || plusYears(authorisedOn, ADVERTISING_VALID_YEARS);
  if (expiresOn <= authorisedOn) {
    return {
      ...formFailure(null, { expiresOn: [ADVERTISING_MESSAGES.expiresAfter] }),
      status: 400,
    };
  }
  const text = await currentText(db, target);
  if (text === null) {
    return { ...formFailure(null, { target: [ADVERTISING_MESSAGES.target] }), status: 400 };
  }
  const values = {
    number,
    authorisedOn,
    expiresOn,
    authorisedText: normalized(text),
    fingerprint: fingerprintOf(text),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(advertisingAuthorisations)
      .values({ target, ...values })
      .onConflictDoUpdate({ target: advertisingAuthorisations.target, set: values });
    await audit(tx, {
      action: "advertising_authorised",
      actor,
      target,
      details: { number, expiresOn },
      ip,
    });
  });
  return { ok: true };
}

/** Deletes a recorded authorisation (the text then shows no number). */
export async function removeAuthorisation(
  db: Db,
  actor: Actor,
  id: number,
  ip: string,
): Promise<AdvertisingResult> {
  const [row] = await db
    .delete(advertisingAuthorisations)
    .where(eq(advertisingAuthorisations.id, id))
    .returning({ target: advertisingAuthorisations.target });
  if (!row) return { ...formFailure(ADVERTISING_MESSAGES.missing), status: 404 };
  await audit(db, { action: "advertising_removed", actor, target: row.target, ip });
  return { ok: true };
}

/** Days from `today` to `day` (both YYYY-MM-DD, Madrid). */
const daysBetween = (today: string, day: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** Within this many days of its expiry an authorisation asks to be renewed (the reminder's). */
export const RENEW_WITHIN_DAYS = 60;

export interface AdvertisingStatus {
  id: number;
  target: string;
  label: string;
  path: string | null;
  number: string;
  authorisedOn: string;
  expiresOn: string;
  daysLeft: number;
  state: AdvertisingState;
  /** The authorised text against the current one, line by line (only when it changed). */
  changes: { kind: "same" | "added" | "removed"; text: string }[];
}

function changesOf(authorised: string, current: string) {
  return diffLines(authorised, current).map((part) => ({
    kind: part.added ? ("added" as const) : part.removed ? ("removed" as const) : ("same" as const),
    text: part.value,
  }));
}

/** Every recorded authorisation with its state today, the changed ones first. */
export async function authorisationStatuses(db: Db, today: string) {
  const rows = await db
    .select()
    .from(advertisingAuthorisations)
    .orderBy(asc(advertisingAuthorisations.expiresOn));
  if (rows.length === 0) return [];
  const targets = new Map((await advertisingTargets(db)).map((t) => [t.target, t]));
  const list: AdvertisingStatus[] = [];
  for (const row of rows) {
    const text = await currentText(db, row.target);
    const daysLeft = daysBetween(today, row.expiresOn);
    const state: AdvertisingState =
      text === null
        ? "sin-texto"
        : fingerprintOf(text) !== row.fingerprint
          ? "modificado"
          : daysLeft < 0
            ? "caducado"
            : daysLeft <= RENEW_WITHIN_DAYS
              ? "caduca"
              : "vigente";
    const where = targets.get(row.target);
    list.push({
      id: row.id,
      target: row.target,
      label: where?.label ?? "Texto que ya no existe",
      path: where?.path ?? null,
      number: row.number,
      authorisedOn: row.authorisedOn,
      expiresOn: row.expiresOn,
      daysLeft,
      state,
      changes: state === "modificado" ? changesOf(row.authorisedText, normalized(text!)) : [],
    });
  }
  const order: Record<AdvertisingState, number> = {
    modificado: 0,
    caducado: 1,
    "sin-texto": 2,
    caduca: 3,
    vigente: 4,
  };
  return list.sort((a, b) => order[a.state] - order[b.state]);
}

/**
 * What she sends to the authority for a changed text: the authorisation, then the text line by
 * line with '-' before what was removed and '+' before what was added since it was authorised.
 */
export async function changesDocument(db: Db, id: number, today: string) {
  const status = (await authorisationStatuses(db, today)).find((s) => s.id === id);
  if (!status || status.state !== "modificado") return null;
  const lines = status.changes.flatMap((part) =>
    part.text
      .replace(/\n$/, "")
      .split("\n")
      .map(
        (line) => `${part.kind === "added" ? "+ " : part.kind === "removed" ? "- " : "  "}${line}`,
      ),
  );
  return {
    filename: `cambios-autorizacion-${status.number.replace(/[^\w-]+/g, "-")}.txt`,
    text: [
      `Cambios en un texto publicitario autorizado`,
      `Texto: ${status.label}${status.path ? ` (${status.path})` : ""}`,
      `Autorización nº ${status.number}, del ${status.authorisedOn} al ${status.expiresOn}`,
      `Leyenda: «- » texto autorizado que se ha quitado; «+ » texto nuevo que no se autorizó.`,
      "",
      ...lines,
      "",
    ].join("\n"),
  };
}

/**
 * The number a public page shows: the authorisation of the text at this path while it is in force
 * and the text is the one authorised (a changed or expired text shows none).
 */
export async function shownAuthorisation(db: Db, path: string, today: string) {
  const rows = await db.select().from(advertisingAuthorisations);
  for (const row of rows) {
    if (row.expiresOn < today || (await pathOf(db, row.target)) !== path) continue;
    const text = await currentText(db, row.target);
    if (text === null || fingerprintOf(text) !== row.fingerprint) return null;
    return { number: row.number, expiresOn: row.expiresOn };
  }
  return null;
}

async function pathOf(db: Db, target: string) {
  const [kind, key = ""] = target.split(/:(.*)/s);
  if (kind === "texto") return pageDefinition(key)?.path ?? null;
  if (kind !== "articulo" || !/^\d{1,9}$/.test(key)) return null;
  const [row] = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(eq(articles.id, Number(key)));
  return row ? `/blog/${row.slug}` : null;
}
