import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, pageTextRevisions, user } from "~/db/schema";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { isLink, pageDefinition, pageFromForm, splitPairs } from "./fields";
import {
  aboutTexts,
  bundledValues,
  homeTexts,
  pageRevisions,
  pageValues,
  restorePageTexts,
  savePageTexts,
  serviceTexts,
} from "./texts.server";

const STAFF = { id: "editora-textos", email: "editora@example.com", name: "Editora" };

/** What the form of a page sends for its current values, with some fields changed. */
function formFor(key: string, values: Record<string, string | string[]>, changes = {}) {
  const definition = pageDefinition(key)!;
  const form = new FormData();
  for (const f of definition.fields) {
    const v = values[f.name];
    const text =
      f.kind === "list"
        ? (v as string[]).join("\n")
        : f.kind === "pairs"
          ? (v as unknown as { title: string; text: string }[])
              .map((p) => `${p.title}\n${p.text}`)
              .join("\n\n")
          : (v as string);
    form.set(f.name, text);
  }
  for (const [k, v] of Object.entries(changes)) form.set(k, v as string);
  return pageFromForm(definition, form);
}

describe("the fields of 'Textos de la web'", () => {
  it("reads pairs as blocks separated by a blank line", () => {
    expect(splitPairs("¿Cuánto dura?\n50 minutos.\n\n  \n¿Online?\nSí,\nen línea.")).toEqual([
      { title: "¿Cuánto dura?", text: "50 minutos." },
      { title: "¿Online?", text: "Sí,\nen línea." },
    ]);
  });

  it.each([
    ["", true],
    ["centro", true],
    ["/servicios/mindfulness", true],
    ["https://www.cop.es", true],
    ["//evil.example", false],
    ["/\\evil.example", false],
    ["javascript:alert(1)", false],
    ["www.cop.es", false],
  ])("a collaboration's link %j is accepted: %s", (value, ok) => {
    expect(isLink(value)).toBe(ok);
  });
});

describe.each(DRIVERS)("'Textos de la web' on the database (%s)", (driver) => {
  const db = useTestDatabase(driver);

  const staff = async () => {
    await db.db
      .insert(user)
      .values({ id: STAFF.id, name: STAFF.name, email: STAFF.email, role: "editor" })
      .onConflictDoNothing();
    return STAFF;
  };

  it("shows the bundled texts until she saves, and no invented figure", async () => {
    const home = await homeTexts(db.db);
    expect(home.figures).toEqual([]);
    expect(home.tagline).toBe(bundledValues("inicio").tagline);
    expect(home.services.map((s) => s.slug)).toEqual([
      "terapia-individual",
      "terapia-pareja",
      "trabajo-grupos",
      "mindfulness",
    ]);
    expect((await serviceTexts(db.db, "mindfulness"))!.price).toBe("");
    expect(await serviceTexts(db.db, "no-existe")).toBeUndefined();
    expect((await aboutTexts(db.db)).training.length).toBeGreaterThan(0);
  });

  it("saves a service's texts, figures and facts; the public pages read them; each save is a version", async () => {
    const actor = await staff();
    const values = (await pageValues(db.db, "servicio-mindfulness")) as Record<string, string[]>;
    const saved = await savePageTexts(
      db.db,
      actor,
      "servicio-mindfulness",
      formFor("servicio-mindfulness", values, {
        price: "60 € por sesión",
        duration: "50 minutos",
        benefits: "Calma\n\nAtención",
        faq: "¿Hay grupos?\nSí, de ocho semanas.",
      }),
      "203.0.113.9",
    );
    expect(saved).toEqual({ ok: true });
    const service = (await serviceTexts(db.db, "mindfulness"))!;
    expect(service).toMatchObject({
      price: "60 € por sesión",
      duration: "50 minutos",
      benefits: ["Calma", "Atención"],
      faq: [{ q: "¿Hay grupos?", a: "Sí, de ocho semanas." }],
    });
    const home = (await pageValues(db.db, "inicio")) as Record<string, string>;
    await savePageTexts(
      db.db,
      actor,
      "inicio",
      formFor("inicio", home, { figure1Value: "+15", figure1Label: "años de consulta" }),
      "203.0.113.9",
    );
    expect((await homeTexts(db.db)).figures).toEqual([{ value: "+15", label: "años de consulta" }]);
    expect(await pageRevisions(db.db, "servicio-mindfulness")).toHaveLength(1);
    const logged = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "page_texts_saved"));
    expect(logged.map((l) => l.target).sort()).toEqual([
      "textos:inicio",
      "textos:servicio-mindfulness",
    ]);
  });

  it("refuses bad input with Spanish messages and stores nothing", async () => {
    const actor = await staff();
    const values = (await pageValues(db.db, "colaboraciones")) as Record<string, string>;
    const refused = await savePageTexts(
      db.db,
      actor,
      "colaboraciones",
      formFor("colaboraciones", values, {
        collab1Href: "javascript:alert(1)",
        collab2Name: "",
        collab3Description: "x".repeat(301),
      }),
      "203.0.113.9",
    );
    expect(refused).toMatchObject({ ok: false, status: 400 });
    if (refused.ok) return;
    expect(refused.fieldErrors.collab1Href?.[0]).toMatch(/https:\/\//);
    expect(refused.fieldErrors.collab2Name?.[0]).toMatch(/^Escribe/);
    expect(refused.fieldErrors.collab3Description?.[0]).toMatch(/no puede exceder 300/);
    expect(await pageRevisions(db.db, "colaboraciones")).toEqual([]);
    expect(await savePageTexts(db.db, actor, "no-existe", {}, "x")).toMatchObject({ status: 404 });
  });

  it("restores an earlier version, or the bundled text, as a new version", async () => {
    const actor = await staff();
    const values = (await pageValues(db.db, "sobre-mi")) as Record<string, string>;
    await savePageTexts(
      db.db,
      actor,
      "sobre-mi",
      formFor("sobre-mi", values, { intro: "Primera." }),
      "ip",
    );
    await savePageTexts(
      db.db,
      actor,
      "sobre-mi",
      formFor("sobre-mi", values, { intro: "Segunda." }),
      "ip",
    );
    const [newest, first] = await pageRevisions(db.db, "sobre-mi");
    expect((await aboutTexts(db.db)).intro).toBe("Segunda.");
    expect(await restorePageTexts(db.db, actor, "sobre-mi", first!.id, "ip")).toEqual({ ok: true });
    expect((await aboutTexts(db.db)).intro).toBe("Primera.");
    expect(await pageRevisions(db.db, "sobre-mi")).toHaveLength(3);
    expect(newest).toBeDefined();
    await restorePageTexts(db.db, actor, "sobre-mi", null, "ip");
    expect((await aboutTexts(db.db)).intro).toBe(bundledValues("sobre-mi").intro);
    // A version of another page is not this page's.
    const [other] = await db.db
      .select({ id: pageTextRevisions.id })
      .from(pageTextRevisions)
      .where(eq(pageTextRevisions.key, "sobre-mi"));
    expect(await restorePageTexts(db.db, actor, "inicio", other!.id, "ip")).toMatchObject({
      status: 404,
    });
  });
});
