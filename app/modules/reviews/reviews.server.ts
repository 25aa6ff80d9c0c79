import { and, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contentSeeds, reviews } from "~/db/schema";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { CRISIS_LINE, reviewNoticeHtml, simpleHtml } from "~/platform/mail/templates";
import { announceNewReview } from "~/platform/events.server";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { getSettings } from "~/modules/settings/settings.server";
import { getEnv } from "~/utils/env.server";
import seed from "../../../content/reviews/reviews.json";
import { type FormFailure, formFailure } from "~/utils/form";
import { parseWith } from "~/utils/form-schema";
import { ratingOf, REVIEW_MESSAGES, ReviewAdminSchema, ReviewSchema } from "./schema";
import { reviewVerificationText } from "./verification";
import {
  INVITATION_MESSAGES,
  eraseReview,
  useInvitation,
  withdrawalToken,
  withdrawalUrl,
} from "./invitations.server";
import { paginate } from "~/utils/pagination";

export type Review = typeof reviews.$inferSelect;

/** What visitors see of a published review. */
export const publicColumns = {
  id: reviews.id,
  name: reviews.name,
  role: reviews.role,
  content: reviews.content,
  rating: reviews.rating,
  verified: sql<boolean>`${reviews.source} = 'invitation'`,
  createdAt: reviews.createdAt,
};

export async function publishedReviews(db: Db) {
  return db
    .select(publicColumns)
    .from(reviews)
    .where(eq(reviews.isPublished, true))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

type SeedReview = { name: string; role: string; content: string; createdAt: string };

/** The built-in reviews as visitors see them (the fallback when the database cannot answer). */
export function defaultReviews() {
  return (seed as SeedReview[])
    .slice()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((r, i) => ({ id: -(i + 1), name: r.name, role: r.role, content: r.content, rating: 5 }));
}

/**
 * The reviews the home page shows: the published ones or, if they cannot be read, the built-in
 * ones with `reviewsFailed` so the page can say so (docs/product.md#reviews).
 */
export async function reviewsForHome(db: Db) {
  try {
    const rows = await publishedReviews(db);
    const { reviewsOpen } = await getSettings(db);
    return {
      // 'Verificada' under the service, written here (the home page's JavaScript budget).
      reviews: rows.map(({ createdAt: _, verified, ...r }) => ({
        ...r,
        role: verified ? [r.role, "Reseña verificada"].filter(Boolean).join(" · ") : r.role,
      })),
      reviewsFailed: false,
      reviewsOpen,
      reviewVerification: reviewVerificationText({
        examplesPublished: await publishedExampleCount(db),
        open: reviewsOpen,
      }),
    };
  } catch {
    return {
      reviews: defaultReviews(),
      reviewsFailed: true,
      reviewsOpen: true,
      reviewVerification: reviewVerificationText({ examplesPublished: 1, open: true }),
    };
  }
}

export const REVIEWS_SEED_KEY = "reviews-v1";

/** The 25 built-in reviews, inserted once per database (published, 5 stars); staff may edit them. */
export async function seedReviews(db: Db) {
  const inserted = await db.transaction(async (tx) => {
    const marked = await tx
      .insert(contentSeeds)
      .values({ key: REVIEWS_SEED_KEY })
      .onConflictDoNothing()
      .returning({ key: contentSeeds.key });
    if (marked.length === 0) return 0;
    const rows = (
      seed as Array<{ name: string; role: string; content: string; createdAt: string }>
    ).map((r) => ({
      name: r.name,
      role: r.role,
      content: r.content,
      rating: 5,
      isPublished: true,
      source: "seed",
      createdAt: new Date(r.createdAt),
    }));
    const added = await tx.insert(reviews).values(rows).returning({ id: reviews.id });
    return added.length;
  });
  await markSeedReviews(db);
  return inserted;
}

/**
 * The built-in examples of a database seeded before reviews had a source (migration 0019 marked
 * them 'staff'): recognised by their text, once, at start. Idempotent.
 */
export async function markSeedReviews(db: Db) {
  const texts = (seed as SeedReview[]).map((r) => r.content);
  await db
    .update(reviews)
    .set({ source: "seed" })
    .where(and(eq(reviews.source, "staff"), inArray(reviews.content, texts)));
}

/** Published reviews that are a new install's examples (no real client wrote them). */
export async function publishedExampleCount(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.source, "seed"), eq(reviews.isPublished, true)));
  return row?.n ?? 0;
}

export const REVIEW_WINDOW_MS = 60 * 60 * 1000;

export type SubmitResult =
  | { ok: true; id: number | null; withdrawUrl?: string }
  | (FormFailure & { status: 400 | 403 | 410 | 429 });

/**
 * A visitor's review: stored unpublished with the consent given, plus the notice e-mail to the
 * practice (docs/product.md#reviews) in the same transaction. The honeypot is thanked and ignored.
 */
export async function submitReview(
  db: Db,
  raw: Record<string, unknown>,
  client: { ip: string },
): Promise<SubmitResult> {
  if (typeof raw.website === "string" && raw.website.trim() !== "") return { ok: true, id: null };
  const parsed = parseWith(ReviewSchema, raw);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const input = {
    ...parsed.data,
    role: parsed.data.role ?? "",
    rating: ratingOf(parsed.data.rating),
  };
  const limited = await hitRateLimit(
    db,
    `review:${client.ip}`,
    // 3 an hour per client by default (REVIEW_RATE_LIMIT).
    getEnv().REVIEW_RATE_LIMIT,
    REVIEW_WINDOW_MS,
  );
  if (!limited.allowed) {
    return { ...formFailure(REVIEW_MESSAGES.rateLimited), status: 429 };
  }
  const settings = await getSettings(db);
  const invited = typeof raw.invitacion === "string" && raw.invitacion !== "";
  if (!invited && !settings.reviewsOpen) {
    return { ...formFailure(INVITATION_MESSAGES.closed), status: 403 };
  }
  const now = new Date();
  const withdraw = withdrawalToken();
  const id = await db.transaction(async (tx) => {
    // An invitation is used in the review's transaction: once, and only if the review is kept.
    const email = invited ? await useInvitation(tx, raw.invitacion, now) : null;
    if (invited && !email) return null;
    const [row] = await tx
      .insert(reviews)
      .values({
        name: input.name,
        role: input.role,
        content: input.content,
        rating: input.rating,
        isPublished: false,
        consentAt: now,
        source: email ? "invitation" : "form",
        email,
        withdrawTokenHash: withdraw.hash,
      })
      .returning({ id: reviews.id });
    // Both carry the review (its text, or the link that erases it): linked for RGPD erase.
    const source = { kind: "review", id: row!.id } as const;
    await enqueueMail(tx, reviewNotice(input, now, settings.contactEmail), source);
    if (email) {
      await enqueueMail(tx, thanks(email, withdrawalUrl(withdraw.token), settings), source);
    }
    await announceNewReview(tx, row!.id);
    return row!.id;
  });
  if (id === null) return { ...formFailure(INVITATION_MESSAGES.invalid), status: 410 };
  nudgeOutbox();
  return { ok: true, id, withdrawUrl: withdrawalUrl(withdraw.token) };
}

/** To an invited reviewer: thanks, and the link to withdraw the review whenever they want. */
function thanks(to: string, href: string, settings: { professionalName: string }) {
  const paragraphs = [
    "Gracias por tu reseña.",
    `${settings.professionalName} la leerá antes de publicarla. Se mostrará como verificada, con el nombre que escribiste; tu email nunca se muestra.`,
    "Puedes retirarla cuando quieras con este enlace: se borrará por completo.",
    CRISIS_LINE,
  ];
  return {
    to,
    subject: "Gracias por tu reseña",
    text: [...paragraphs, "", `Retirar mi reseña: ${href}`].join("\n"),
    html: simpleHtml(paragraphs, { href, label: "Retirar mi reseña" }),
  };
}

/** The e-mail carries the review notice's fields (type, name, content, rating, role, time). */
function reviewNotice(
  input: { name: string; role: string; content: string; rating: number },
  at: Date,
  to: string,
) {
  const payload = {
    type: "new_review",
    reviewName: input.name,
    reviewContent: input.content,
    reviewRating: input.rating,
    reviewRole: input.role || "No especificado",
    timestamp: at.toISOString(),
  };
  const link = `${getEnv().PUBLIC_URL}/admin/resenas`;
  const text = [
    "Se ha recibido una reseña nueva. Está guardada sin publicar hasta que la revises.",
    "",
    `Nombre: ${payload.reviewName}`,
    `Servicio: ${payload.reviewRole}`,
    `Valoración: ${payload.reviewRating} de 5`,
    `Fecha: ${payload.timestamp}`,
    "",
    payload.reviewContent,
    "",
    `Revisar y publicar: ${link}`,
    "",
    `Datos: ${JSON.stringify(payload)}`,
  ].join("\n");
  const html = reviewNoticeHtml({
    name: payload.reviewName,
    role: payload.reviewRole,
    rating: payload.reviewRating,
    content: payload.reviewContent,
    link,
  });
  return { to, subject: `Nueva reseña de ${input.name}`, text, html };
}

// ─── Moderation ──────────────────────────────────────────────────────────────────────────────────

export const ADMIN_PAGE_SIZE = 20;
export type StatusFilter = "todas" | "publicadas" | "borradores";

export async function listReviews(db: Db, options: { status?: StatusFilter; page?: number } = {}) {
  const filter: SQL | undefined =
    options.status === "publicadas"
      ? eq(reviews.isPublished, true)
      : options.status === "borradores"
        ? eq(reviews.isPublished, false)
        : undefined;
  const [row] = await db.select({ n: count() }).from(reviews).where(filter);
  const total = row?.n ?? 0;
  const { page, pageCount, offset } = paginate(total, ADMIN_PAGE_SIZE, options.page);
  const items = await db
    .select()
    .from(reviews)
    .where(filter)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offset);
  return { items, total, page, pageCount, pending: await pendingReviewCount(db) };
}

/**
 * Reviews waiting for moderation (unpublished, written by someone): only for roles that may read
 * them. A new install's example reviews, once unpublished (Primeros pasos), wait for no one.
 */
export async function pendingReviewCount(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.isPublished, false), ne(reviews.source, "seed")));
  return row?.n ?? 0;
}

export type SaveResult = { ok: true; id: number } | (FormFailure & { status: 400 | 404 });

/** Staff create or edit a review (admin rules: no consent checkbox, isPublished chosen). */
export async function saveReview(
  db: Db,
  raw: Record<string, unknown>,
  id?: number,
): Promise<SaveResult> {
  const parsed = parseWith(ReviewAdminSchema, raw);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const { name, role, content, rating, isPublished } = parsed.data;
  const values = { name, role: role ?? "", content, rating: ratingOf(rating), isPublished };
  // Editing keeps where a review came from: an edited example is still not a client's words.
  if (id === undefined) {
    const [row] = await db
      .insert(reviews)
      .values({ ...values, source: "staff" })
      .returning({ id: reviews.id });
    return { ok: true, id: row!.id };
  }
  const [row] = await db
    .update(reviews)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  if (!row) return { ...formFailure(`Reseña con ID ${id} no encontrada`), status: 404 };
  return { ok: true, id: row.id };
}

export async function setReviewPublished(db: Db, id: number, published: boolean) {
  const [row] = await db
    .update(reviews)
    .set({ isPublished: published, updatedAt: new Date() })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  return Boolean(row);
}

/** Deletes a review in Reseñas, with every e-mail about it (as a withdrawal does). */
export async function deleteReview(db: Db, id: number) {
  return (await eraseReview(db, eq(reviews.id, id))) !== null;
}
