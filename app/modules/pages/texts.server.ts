import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pageTextRevisions, pageTexts } from "~/db/schema";
import { SERVICE_SLUGS, type ServiceSlug } from "~/modules/services/slugs";
import { audit } from "~/platform/audit.server";
import { formFailure, type FormFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { BUNDLED_ABOUT, BUNDLED_COLLABORATIONS, bundledService } from "./bundled.server";
import {
  type FieldKind,
  type PageDefinition,
  type PageValues,
  type Pair,
  pageDefinition,
  pageSchema,
  serviceKey,
} from "./fields";

/**
 * 'Textos de la web' (docs/manual.md): the public pages' texts and figures, as she last saved
 * them, or the bundled text until she does. Every save keeps a version (page_text_revisions) she
 * can restore; each is in the audit log. Public pages read them through the functions below.
 */

type Actor = { id: string; email: string; name: string };

/** The bundled texts of a page, in the shape its fields hold. */
export function bundledValues(key: string): PageValues {
  if (key === "inicio") {
    // No figure is invented: they stay hidden until she writes her own.
    return {
      tagline: BUNDLED_ABOUT.tagline,
      figure1Value: "",
      figure1Label: "",
      figure2Value: "",
      figure2Label: "",
    };
  }
  if (key === "sobre-mi") {
    return {
      intro: BUNDLED_ABOUT.intro,
      body: BUNDLED_ABOUT.body,
      training: BUNDLED_ABOUT.training,
      approach: BUNDLED_ABOUT.approach,
    };
  }
  if (key === "colaboraciones") {
    return Object.fromEntries(
      BUNDLED_COLLABORATIONS.flatMap((c, i) => [
        [`collab${i + 1}Name`, c.name],
        [`collab${i + 1}Description`, c.description],
        [`collab${i + 1}Href`, c.href === "partner-centre" ? "centro" : c.href],
        [`collab${i + 1}LinkLabel`, c.linkLabel],
      ]),
    );
  }
  const slug = SERVICE_SLUGS.find((s) => serviceKey(s) === key);
  if (!slug) throw new Error(`Unknown page: ${key}`);
  const s = bundledService(slug);
  return {
    title: s.title,
    summary: s.summary,
    metaDescription: s.metaDescription,
    price: "",
    duration: "",
    modality: "",
    address: "",
    benefits: s.benefits,
    audience: s.audience,
    faq: s.faq.map((f) => ({ title: f.q, text: f.a })),
    body: s.body,
  };
}

const isPair = (v: unknown): v is Pair =>
  typeof v === "object" && v !== null && typeof (v as Pair).title === "string";

/** Whether a stored value has the shape its field's kind holds (else the bundled one is used). */
function fits(kind: FieldKind, value: unknown) {
  if (kind === "list") return Array.isArray(value) && value.every((v) => typeof v === "string");
  if (kind === "pairs") return Array.isArray(value) && value.every(isPair);
  return typeof value === "string";
}

/** A page's values: each field as stored, or bundled where nothing (or nothing valid) is stored. */
function merge(definition: PageDefinition, stored: Record<string, unknown> | undefined) {
  const bundled = bundledValues(definition.key);
  const out: PageValues = {};
  for (const field of definition.fields) {
    const value = stored?.[field.name];
    out[field.name] = fits(field.kind, value)
      ? (value as PageValues[string])
      : bundled[field.name]!;
  }
  return out;
}

function definitionOf(key: string) {
  const definition = pageDefinition(key);
  if (!definition) throw new Error(`Unknown page: ${key}`);
  return definition;
}

/** Every saved page, by key (a handful of small rows: one query for a whole page). */
async function storedPages(db: Db) {
  const rows = await db.select().from(pageTexts);
  return new Map(rows.map((r) => [r.key, r.data]));
}

export async function pageValues(db: Db, key: string): Promise<PageValues> {
  const [row] = await db.select().from(pageTexts).where(eq(pageTexts.key, key));
  return merge(definitionOf(key), row?.data);
}

// ─── What the public pages show ──────────────────────────────────────────────────────────────────

export interface ServiceTexts {
  slug: ServiceSlug;
  title: string;
  summary: string;
  metaDescription: string;
  price: string;
  duration: string;
  modality: string;
  address: string;
  benefits: string[];
  audience: string[];
  faq: { q: string; a: string }[];
  body: string;
}

function asService(slug: ServiceSlug, v: PageValues): ServiceTexts {
  return {
    slug,
    title: v.title as string,
    summary: v.summary as string,
    metaDescription: v.metaDescription as string,
    price: v.price as string,
    duration: v.duration as string,
    modality: v.modality as string,
    address: v.address as string,
    benefits: v.benefits as string[],
    audience: v.audience as string[],
    faq: (v.faq as Pair[]).map((p) => ({ q: p.title, a: p.text })),
    body: v.body as string,
  };
}

function servicesFrom(stored: Map<string, Record<string, unknown>>) {
  return SERVICE_SLUGS.map((slug) =>
    asService(slug, merge(definitionOf(serviceKey(slug)), stored.get(serviceKey(slug)))),
  );
}

export async function listServiceTexts(db: Db) {
  return servicesFrom(await storedPages(db));
}

export async function serviceTexts(db: Db, slug: string) {
  const known = SERVICE_SLUGS.find((s) => s === slug);
  return known ? asService(known, await pageValues(db, serviceKey(known))) : undefined;
}

export interface Collaboration {
  name: string;
  description: string;
  /** A link, or 'centro' for the partner centre's website from Ajustes, or empty: no link. */
  href: string;
  linkLabel: string;
}

/** The home page's texts: the line under the name, the figures she wrote, services, collaborations. */
export async function homeTexts(db: Db) {
  const stored = await storedPages(db);
  const home = merge(definitionOf("inicio"), stored.get("inicio"));
  const collab = merge(definitionOf("colaboraciones"), stored.get("colaboraciones"));
  const about = merge(definitionOf("sobre-mi"), stored.get("sobre-mi"));
  const figures = [1, 2]
    .map((n) => ({
      value: (home[`figure${n}Value`] as string).trim(),
      label: (home[`figure${n}Label`] as string).trim(),
    }))
    .filter((f) => f.value !== "" && f.label !== "");
  const collaborations: Collaboration[] = [1, 2, 3, 4].map((n) => ({
    name: collab[`collab${n}Name`] as string,
    description: collab[`collab${n}Description`] as string,
    href: collab[`collab${n}Href`] as string,
    linkLabel: collab[`collab${n}LinkLabel`] as string,
  }));
  return {
    tagline: home.tagline as string,
    figures,
    aboutIntro: about.intro as string,
    services: servicesFrom(stored),
    collaborations,
  };
}

export async function aboutTexts(db: Db) {
  const v = await pageValues(db, "sobre-mi");
  return {
    intro: v.intro as string,
    body: v.body as string,
    training: v.training as string[],
    approach: v.approach as Pair[],
  };
}

// ─── Saving, versions ────────────────────────────────────────────────────────────────────────────

export type SaveResult = { ok: true } | (FormFailure & { status: 400 | 404 });

async function store(db: Db, actor: Actor, key: string, data: PageValues) {
  await db.transaction(async (tx) => {
    await tx
      .insert(pageTexts)
      .values({ key, data })
      .onConflictDoUpdate({ target: pageTexts.key, set: { data, updatedAt: new Date() } });
    await tx
      .insert(pageTextRevisions)
      .values({ key, data, userId: actor.id, userName: actor.name });
  });
}

/** Saves a page's texts as the form sent them (every field; lists and pairs as text). */
export async function savePageTexts(
  db: Db,
  actor: Actor,
  key: string,
  input: unknown,
  ip: string,
): Promise<SaveResult> {
  const definition = pageDefinition(key);
  if (!definition) return { ...formFailure("Esa página no existe."), status: 404 };
  const parsed = parseWith(pageSchema(definition), input);
  if (!parsed.ok) return { ...parsed, status: 400 };
  await store(db, actor, key, parsed.data);
  await audit(db, { action: "page_texts_saved", actor, target: `textos:${key}`, ip });
  return { ok: true };
}

/** The saved versions of a page, newest first. */
export async function pageRevisions(db: Db, key: string) {
  return db
    .select({
      id: pageTextRevisions.id,
      userName: pageTextRevisions.userName,
      createdAt: pageTextRevisions.createdAt,
    })
    .from(pageTextRevisions)
    .where(eq(pageTextRevisions.key, key))
    .orderBy(desc(pageTextRevisions.createdAt), desc(pageTextRevisions.id))
    .limit(50);
}

/**
 * Makes an earlier version (or, with `revisionId` null, the bundled text) the page's text again,
 * as a new version: nothing is lost, the current text stays in the list.
 */
export async function restorePageTexts(
  db: Db,
  actor: Actor,
  key: string,
  revisionId: number | null,
  ip: string,
): Promise<SaveResult> {
  const definition = pageDefinition(key);
  if (!definition) return { ...formFailure("Esa página no existe."), status: 404 };
  let data: PageValues;
  if (revisionId === null) {
    data = bundledValues(key);
  } else {
    const [row] = await db
      .select({ data: pageTextRevisions.data })
      .from(pageTextRevisions)
      .where(and(eq(pageTextRevisions.id, revisionId), eq(pageTextRevisions.key, key)));
    if (!row) return { ...formFailure("Esa versión ya no existe."), status: 404 };
    data = merge(definition, row.data);
  }
  await store(db, actor, key, data);
  await audit(db, {
    action: "page_texts_restored",
    actor,
    target: `textos:${key}`,
    details: { revision: revisionId ?? "original" },
    ip,
  });
  return { ok: true };
}

/** When each saved page was last saved (pages never saved show the bundled text). */
export async function savedPages(db: Db) {
  const rows = await db
    .select({ key: pageTexts.key, updatedAt: pageTexts.updatedAt })
    .from(pageTexts);
  return new Map(rows.map((r) => [r.key, r.updatedAt]));
}
