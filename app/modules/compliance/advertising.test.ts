import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  advertisingAuthorisations,
  articles,
  complianceReminders,
  mailOutbox,
  user,
} from "~/db/schema";
import { asFieldText, pageDefinition, pageFromForm } from "~/modules/pages/fields";
import { pageValues, savePageTexts } from "~/modules/pages/texts.server";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import {
  authorisationStatuses,
  changesDocument,
  recordAuthorisation,
  removeAuthorisation,
  shownAuthorisation,
} from "./advertising.server";
import { queueExpiryReminders } from "./reminders.server";

const ADMIN = { id: "adv-admin", name: "Lucía Ribera", email: "lucia@example.com" };
const IP = "203.0.113.7";
const TODAY = "2026-11-24";

describe.each(DRIVERS)("advertising authorisations of public texts (%s)", (driver) => {
  const db = useTestDatabase(driver);

  async function setUp() {
    await db.db.delete(advertisingAuthorisations);
    await db.db
      .insert(user)
      .values({ ...ADMIN, role: "administrator" })
      .onConflictDoNothing();
  }

  /** Saves the home page's texts with one field changed, as 'Textos de la web' does. */
  async function editHome(tagline: string) {
    const definition = pageDefinition("inicio")!;
    const values = await pageValues(db.db, "inicio");
    const form = new FormData();
    for (const f of definition.fields) form.set(f.name, asFieldText(f.kind, values[f.name]));
    form.set("tagline", tagline);
    const saved = await savePageTexts(db.db, ADMIN, "inicio", pageFromForm(definition, form), IP);
    expect(saved).toEqual({ ok: true });
  }

  it("an edit after the authorisation puts the text outside it: flagged, with the diff, and the number hidden", async () => {
    await setUp();
    const input = { target: "texto:inicio", number: "RAPS-2026-17", authorisedOn: "2026-02-01" };
    expect(await recordAuthorisation(db.db, ADMIN, input, IP)).toEqual({ ok: true });
    // The usual validity: 3 years.
    const [first] = await authorisationStatuses(db.db, TODAY);
    expect(first).toMatchObject({ state: "vigente", expiresOn: "2029-02-01", label: "Inicio" });
    expect(await shownAuthorisation(db.db, "/", TODAY)).toEqual({
      number: "RAPS-2026-17",
      expiresOn: "2029-02-01",
    });
    expect(await shownAuthorisation(db.db, "/sobre-mi", TODAY)).toBeNull();

    await editHome("Psicología que cura la ansiedad en tres sesiones");
    const [changed] = await authorisationStatuses(db.db, TODAY);
    expect(changed!.state).toBe("modificado");
    expect(
      changed!.changes
        .filter((c) => c.kind === "added")
        .map((c) => c.text)
        .join(),
    ).toContain("cura la ansiedad en tres sesiones");
    expect(changed!.changes.some((c) => c.kind === "removed")).toBe(true);
    expect(await shownAuthorisation(db.db, "/", TODAY)).toBeNull();
    const doc = await changesDocument(db.db, changed!.id, TODAY);
    expect(doc?.filename).toBe("cambios-autorizacion-RAPS-2026-17.txt");
    expect(doc?.text).toContain("+ Psicología que cura la ansiedad en tres sesiones");
    expect(doc?.text).toContain("Autorización nº RAPS-2026-17, del 2026-02-01 al 2029-02-01");

    // A new authorisation of the text as it stands replaces the old one.
    const renewed = { ...input, number: "RAPS-2026-40", authorisedOn: "2026-11-20" };
    expect(await recordAuthorisation(db.db, ADMIN, renewed, IP)).toEqual({ ok: true });
    const all = await authorisationStatuses(db.db, TODAY);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ state: "vigente", number: "RAPS-2026-40" });
    expect(await changesDocument(db.db, all[0]!.id, TODAY)).toBeNull();
  });

  it("an article's authorisation follows its text; an expiry within 60 days asks to renew and e-mails once", async () => {
    await setUp();
    await db.db.delete(complianceReminders);
    await db.db.delete(mailOutbox);
    await db.db.delete(articles).where(eq(articles.slug, "ansiedad-anuncio"));
    const [article] = await db.db
      .insert(articles)
      .values({
        slug: "ansiedad-anuncio",
        title: "Ansiedad: cuándo pedir ayuda",
        category: "Ansiedad",
        date: "2026-01-10",
        excerpt: "Señales para pedir ayuda.",
        content: "El texto que se autorizó.",
        image: "",
      })
      .returning({ id: articles.id, slug: articles.slug });
    const target = `articulo:${article!.id}`;
    const input = { target, number: "AS-77", authorisedOn: "2024-01-15", expiresOn: "2027-01-10" };
    expect(await recordAuthorisation(db.db, ADMIN, input, IP)).toEqual({ ok: true });
    expect((await authorisationStatuses(db.db, TODAY))[0]).toMatchObject({
      state: "caduca",
      daysLeft: 47,
      path: `/blog/${article!.slug}`,
    });
    expect(await shownAuthorisation(db.db, `/blog/${article!.slug}`, TODAY)).toMatchObject({
      number: "AS-77",
    });
    expect(await queueExpiryReminders(db.db, new Date(`${TODAY}T10:00:00Z`))).toBe(1);
    expect(await queueExpiryReminders(db.db, new Date(`${TODAY}T16:00:00Z`))).toBe(0);
    const [mail] = await db.db.select().from(mailOutbox);
    expect(mail!.subject).toMatch(/^La autorización de publicidad de «.+» caduca el 10\/01\/2027$/);
    expect(mail!.text).toContain("Textos publicitarios autorizados");

    await db.db
      .update(articles)
      .set({ content: "Un texto distinto del autorizado." })
      .where(eq(articles.id, article!.id));
    expect((await authorisationStatuses(db.db, TODAY))[0]!.state).toBe("modificado");
    // Expired: not shown either.
    expect(await shownAuthorisation(db.db, `/blog/${article!.slug}`, "2027-02-01")).toBeNull();
  });

  it("refuses bad input with Spanish messages and stores nothing; removes one", async () => {
    await setUp();
    const refused = [
      { target: "texto:no-existe", number: "1", authorisedOn: "2026-01-01" },
      { target: "articulo:999999", number: "1", authorisedOn: "2026-01-01" },
      { target: "../../etc", number: "1", authorisedOn: "2026-01-01" },
      { target: "texto:inicio", number: " ", authorisedOn: "2026-01-01" },
      { target: "texto:inicio", number: "1", authorisedOn: "2026-13-45" },
      { target: "texto:inicio", number: "1", authorisedOn: "2026-05-01", expiresOn: "2026-04-01" },
      { target: ["texto:inicio"], number: 1, authorisedOn: null },
    ];
    for (const input of refused) {
      const result = await recordAuthorisation(db.db, ADMIN, input, IP);
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, status: 400 });
    }
    expect(
      await recordAuthorisation(db.db, ADMIN, refused[5]!, IP).then((r) =>
        r.ok ? null : r.fieldErrors.expiresOn,
      ),
    ).toEqual(["La fecha de caducidad debe ser posterior a la de la autorización."]);
    expect(await db.db.select().from(advertisingAuthorisations)).toEqual([]);

    const input = { target: "texto:sobre-mi", number: "R-1", authorisedOn: "2026-01-01" };
    await recordAuthorisation(db.db, ADMIN, input, IP);
    const [row] = await db.db.select().from(advertisingAuthorisations);
    expect(await removeAuthorisation(db.db, ADMIN, row!.id, IP)).toEqual({ ok: true });
    expect(await removeAuthorisation(db.db, ADMIN, row!.id, IP)).toMatchObject({ status: 404 });
    expect(await shownAuthorisation(db.db, "/sobre-mi", TODAY)).toBeNull();
  });
});
