import { beforeEach, describe, expect, it } from "vitest";
import { contentSeeds, mailOutbox, rateLimit, reviews } from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import {
  defaultReviews,
  deleteReview,
  listReviews,
  publishedReviews,
  saveReview,
  seedReviews,
  setReviewPublished,
  submitReview,
} from "./reviews.server";
import { parseWith } from "~/utils/form-schema";
import { ratingOf, REVIEW_MESSAGES as M, ReviewAdminSchema, ReviewSchema } from "./schema";

const valid = {
  name: "Laura M.",
  role: "Paciente de terapia",
  content: "Me sentí escuchada desde el primer día.",
  rating: "5",
  consent: "on",
};

describe("review rules (docs/product.md#review-forms)", () => {
  /** Each field's message, from the visitor's schema or the staff one. */
  const errors = (over: Record<string, unknown>, admin = false) => {
    const verdict = parseWith(admin ? ReviewAdminSchema : ReviewSchema, { ...valid, ...over });
    if (verdict.ok) return {};
    return Object.fromEntries(Object.entries(verdict.fieldErrors).map(([k, v]) => [k, v?.[0]]));
  };
  it("gives the product's messages", () => {
    expect(errors({})).toEqual({});
    expect(errors({ name: "L" }).name).toBe(M.nameMin);
    expect(errors({ content: "corto" }).content).toBe(M.contentMin);
    expect(errors({ content: "corto" }, true).content).toBe(M.adminContentMin);
    expect(errors({ rating: "0" }).rating).toBe(M.rating);
    expect(errors({ rating: "6" }).rating).toBe(M.rating);
    expect(errors({ rating: "abc" }).rating).toBe(M.rating);
    // The visitor chooses the stars (nothing is pre-selected); staff get five unless they choose.
    expect(errors({ rating: undefined }).rating).toBe(M.rating);
    expect(errors({ rating: "" }).rating).toBe(M.rating);
    const unrated = parseWith(ReviewAdminSchema, { ...valid, rating: undefined });
    expect(unrated.ok && ratingOf(unrated.data.rating)).toBe(5);
    expect(errors({ consent: "" }).consent).toBe(M.consent);
    expect(errors({ consent: "" }, true).consent).toBeUndefined();
  });
});

describe.each(DRIVERS)("reviews (%s)", (driver) => {
  const db = useTestDatabase(driver);
  beforeEach(async () => {
    await db.db.delete(reviews);
    await db.db.delete(contentSeeds);
    await db.db.delete(mailOutbox);
    await db.db.delete(rateLimit);
  });

  it("seeds the 25 built-in reviews once, published with 5 stars; staff changes stay", async () => {
    expect(await seedReviews(db.db)).toBe(25);
    const published = await publishedReviews(db.db);
    expect(published).toHaveLength(25);
    expect(published.every((r) => r.rating === 5)).toBe(true);
    expect(new Set(published.map((r) => r.role))).toEqual(
      new Set(["Paciente de terapia", "Participante en grupos de mindfulness"]),
    );
    await setReviewPublished(db.db, published[0]!.id, false);
    expect(await seedReviews(db.db)).toBe(0);
    expect(await publishedReviews(db.db)).toHaveLength(24);
    expect(defaultReviews()).toHaveLength(25);
  });

  it("stores a visitor's review unpublished, invisible until staff publish it, and queues the notice", async () => {
    const result = await submitReview(db.db, { ...valid, role: "" }, { ip: "1.2.3.4" });
    expect(result.ok).toBe(true);
    expect(await publishedReviews(db.db)).toHaveLength(0);
    const [row] = await db.db.select().from(reviews);
    expect(row).toMatchObject({ isPublished: false, rating: 5, role: "" });
    expect(row!.consentAt).toBeInstanceOf(Date);
    const [mail] = await db.db.select().from(mailOutbox);
    expect(mail!.subject).toBe("Nueva reseña de Laura M.");
    const payload = JSON.parse(/Datos: (.*)$/m.exec(mail!.text)![1]!);
    expect(payload).toMatchObject({
      type: "new_review",
      reviewName: "Laura M.",
      reviewContent: valid.content,
      reviewRating: 5,
      reviewRole: "No especificado",
    });
    expect(Date.parse(payload.timestamp)).not.toBeNaN();
    expect(await setReviewPublished(db.db, row!.id, true)).toBe(true);
    expect((await publishedReviews(db.db)).map((r) => r.id)).toEqual([row!.id]);
  });

  it("honeypot, invalid input and the rate limit store nothing", async () => {
    expect(await submitReview(db.db, { ...valid, website: "x" }, { ip: "5.5.5.5" })).toEqual({
      ok: true,
      id: null,
    });
    expect(await submitReview(db.db, { ...valid, content: "" }, { ip: "5.5.5.5" })).toMatchObject({
      ok: false,
      status: 400,
    });
    for (let i = 0; i < 3; i++)
      expect((await submitReview(db.db, valid, { ip: "6.6.6.6" })).ok).toBe(true);
    expect(await submitReview(db.db, valid, { ip: "6.6.6.6" })).toMatchObject({
      ok: false,
      status: 429,
    });
    expect(await db.db.select().from(reviews)).toHaveLength(3);
  });

  it("staff create, edit, filter, publish and delete", async () => {
    const created = await saveReview(db.db, {
      name: "Pablo R.",
      content: "Un espacio muy tranquilo.",
      rating: "4",
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(await saveReview(db.db, { name: "P", content: "corto" })).toMatchObject({
      ok: false,
      fieldErrors: { name: [M.nameMin], content: [M.adminContentMin] },
    });
    expect(await saveReview(db.db, { ...valid, isPublished: "on" }, created.id)).toEqual({
      ok: true,
      id: created.id,
    });
    expect(await saveReview(db.db, valid, 999_999)).toMatchObject({
      ok: false,
      formError: "Reseña con ID 999999 no encontrada",
    });
    expect((await listReviews(db.db, { status: "publicadas" })).total).toBe(1);
    expect((await listReviews(db.db, { status: "borradores" })).total).toBe(0);
    expect(await deleteReview(db.db, created.id)).toBe(true);
    expect((await listReviews(db.db)).total).toBe(0);
  });
});
