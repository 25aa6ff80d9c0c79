import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, reviews } from "~/db/schema";
import { seedReviews } from "~/modules/reviews/reviews.server";
import { reviewVerificationText } from "~/modules/reviews/verification";
import { DEFAULT_SETTINGS } from "~/modules/settings/defaults";
import type { Settings } from "~/modules/settings/schemas";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { REAL_IDENTITY } from "../../../tests/support/site.js";
import { checks, daysUntil, type Facts, gatherFacts, lastDrill } from "./readiness.server";

const GOOD: Facts = {
  settings: {
    ...DEFAULT_SETTINGS,
    ...REAL_IDENTITY,
    healthRegistryNumber: "CS12345",
    healthRegistryExpiry: "2028-06-30",
    region: "madrid",
  },
  publicUrl: "https://psicologia-ribera.es",
  smtpConfigured: true,
  processors: [{ role: "envío de correo electrónico", name: "smtp.correo.es" }],
  privacyText: "<li>smtp.correo.es: envío de correo electrónico.</li>",
  retention: { messagesMonths: 12, appointmentsDays: 365 },
  odrLinks: [],
  claims: [],
  exampleReviewsPublished: 0,
  drill: {
    at: "2026-11-01T05:12:00.000Z",
    ok: true,
    details:
      "La copia consulta-2026-11-01T03-30-00Z.tar.age se ha restaurado bien en una base de prueba: 28 de 28 migraciones, 1 cuenta, 12 artículos.",
  },
  today: "2026-11-24",
  impact: { minors: false, online: false },
  advertising: [],
};

const statusOf = (facts: Facts, id: string) => checks(facts).find((c) => c.id === id)!;
const withSettings = (settings: Partial<Settings>): Facts => ({
  ...GOOD,
  settings: { ...GOOD.settings, ...settings },
});

describe("'Estado legal': each rule red on the bad configuration, green on the good one", () => {
  it("is all green (or 'revisar' where the product cannot be sure) on a complete practice", () => {
    const list = checks(GOOD);
    expect(list.filter((c) => c.status === "falta")).toEqual([]);
    // Madrid: no regional rule the product knows; it says so.
    expect(list.filter((c) => c.status === "revisar").map((c) => c.id)).toEqual(["comunidad"]);
    for (const check of list) {
      expect(check.source.url, check.id).toMatch(/^https:\/\//);
      expect(check.source.text.length, check.id).toBeGreaterThan(20);
    }
  });

  it.each<[string, Partial<Facts>]>([
    ["identidad", { settings: DEFAULT_SETTINGS }],
    ["registro", { settings: { ...GOOD.settings, healthRegistryNumber: "CS00000" } }],
    ["registro", { settings: { ...GOOD.settings, healthRegistryExpiry: "2026-11-01" } }],
    ["resenas", { exampleReviewsPublished: 25 }],
    ["odr", { odrLinks: ["el artículo «Derechos»"] }],
    ["encargados", { privacyText: "<p>Sin lista</p>" }],
    ["https", { publicUrl: "http://localhost:3000" }],
    ["correo", { smtpConfigured: false }],
    ["copias", { drill: { ...GOOD.drill!, ok: false } }],
  ])("%s turns red", (id, bad) => {
    expect(statusOf(GOOD, id).status).toBe("ok");
    expect(statusOf({ ...GOOD, ...bad }, id).status).toBe("falta");
  });

  it("lists red first, then amber, then green; server items carry a message for whoever runs it", () => {
    const bad = { ...GOOD, publicUrl: "http://localhost:3000", smtpConfigured: false };
    const list = checks(bad);
    const rank = { falta: 0, revisar: 1, ok: 2 } as const;
    const ranks = list.map((c) => rank[c.status]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(list.slice(0, 2).map((c) => c.id)).toEqual(["https", "correo"]);
    for (const id of ["https", "correo"]) {
      const check = list.find((c) => c.id === id)!;
      expect(check.detail, id).toContain("quien mantiene el servidor");
      expect(check.server?.message, id).toMatch(/^Hola: .*Gracias\.$/);
    }
    expect(checks(GOOD).some((c) => c.server)).toBe(false);
  });

  it("minors or online sessions make an impact assessment advisable, with its template", () => {
    expect(statusOf(GOOD, "eipd").status).toBe("ok");
    for (const impact of [
      { minors: true, online: false },
      { minors: false, online: true },
    ]) {
      expect(statusOf({ ...GOOD, impact }, "eipd")).toMatchObject({
        status: "revisar",
        fix: { href: "/admin/estado-legal/plantilla-eipd.pdf", download: true },
      });
    }
    expect(statusOf({ ...GOOD, impact: { minors: true, online: true } }, "eipd").detail).toContain(
      "atiendes a menores (has enviado consentimientos para menores) y ofreces sesiones en línea",
    );
  });

  it("a renewal within 60 days, a missing date, or claims in the texts ask to review", () => {
    expect(daysUntil("2027-01-10", "2026-11-24")).toBe(47);
    expect(
      statusOf(withSettings({ healthRegistryExpiry: "2027-01-10" }), "registro"),
    ).toMatchObject({ status: "revisar", detail: expect.stringContaining("en 47 días") });
    expect(statusOf(withSettings({ healthRegistryExpiry: "" }), "registro").status).toBe("revisar");
    const claims = { ...GOOD, claims: [{ where: "la página «Mindfulness»", words: ["cura"] }] };
    expect(statusOf(claims, "promesas")).toMatchObject({
      status: "revisar",
      detail: expect.stringContaining("«Mindfulness» («cura»)"),
    });
  });

  it("adds what the comunidad asks: Galicia the registry number, Murcia an advertising authorisation", () => {
    expect(statusOf(withSettings({ region: "" }), "comunidad").status).toBe("revisar");
    expect(
      statusOf(withSettings({ region: "galicia", healthRegistryNumber: "" }), "comunidad").status,
    ).toBe("falta");
    expect(statusOf(withSettings({ region: "galicia" }), "comunidad")).toMatchObject({
      status: "revisar",
      source: { text: expect.stringContaining("Decreto 12/2009") },
    });
    expect(statusOf(withSettings({ region: "murcia" }), "comunidad").status).toBe("falta");
    expect(
      statusOf(
        withSettings({
          region: "murcia",
          advertisingAuthNumber: "PS-2026-001",
          advertisingAuthExpiry: "2026-10-01",
        }),
        "comunidad",
      ).status,
    ).toBe("falta");
  });
});

describe("'Estado legal': advertising authorisations and the comunidades' sources", () => {
  const authorised = (state: Facts["advertising"][number]["state"]) => ({
    ...GOOD,
    advertising: [
      { label: "Inicio", number: "RAPS-2026-17", state, expiresOn: "2027-01-10", daysLeft: 47 },
    ],
  });

  it("a text edited since its authorisation is red, a near expiry amber, an unchanged one green", () => {
    expect(statusOf(authorised("modificado"), "publicidad")).toMatchObject({
      status: "falta",
      detail: expect.stringContaining("Texto modificado: requiere nueva autorización: «Inicio»"),
      fix: { href: "/admin/estado-legal/publicidad" },
    });
    expect(statusOf(authorised("caducado"), "publicidad").status).toBe("falta");
    expect(statusOf(authorised("caduca"), "publicidad")).toMatchObject({
      status: "revisar",
      detail: expect.stringContaining("el 10/01/2027"),
    });
    expect(statusOf(authorised("vigente"), "publicidad").status).toBe("ok");
    // Nothing recorded: no rule, unless the comunidad asks for prior authorisation.
    expect(checks(GOOD).find((c) => c.id === "publicidad")).toBeUndefined();
    expect(statusOf(withSettings({ region: "aragon" }), "publicidad").status).toBe("revisar");
  });

  it("names Aragón's current decree, the State's basis, and Cantabria and Galicia's decrees to review", () => {
    const aragon = statusOf(withSettings({ region: "aragon" }), "comunidad");
    expect(aragon.source.text).toContain("Decreto 175/2024");
    expect(aragon.source.text).toContain("Decreto 240/2005");
    expect(aragon.more?.map((m) => m.text).join()).toContain("Ley 34/1988");
    expect(statusOf(withSettings({ region: "asturias" }), "comunidad").source.text).toContain(
      "Decreto 66/2002",
    );
    expect(statusOf(withSettings({ region: "murcia" }), "comunidad").source.text).toContain(
      "Decreto 7/2021",
    );
    expect(statusOf(withSettings({ region: "cantabria" }), "comunidad")).toMatchObject({
      status: "revisar",
      source: { text: expect.stringContaining("Decreto 4/2020") },
    });
    expect(
      statusOf(withSettings({ region: "galicia" }), "comunidad")
        .more?.map((m) => m.text)
        .join(),
    ).toContain("Decreto 97/1998");
    expect(statusOf(GOOD, "accesibilidad").source.text).toContain("2018/1523");
    // Every source, and every further one, has its official link.
    for (const region of ["aragon", "asturias", "murcia", "cantabria", "galicia"] as const) {
      const check = statusOf(withSettings({ region }), "comunidad");
      for (const source of [check.source, ...(check.more ?? [])]) {
        expect(source.url).toMatch(/^https:\/\/[\w.-]+\.(es|gal|eu)\b/);
      }
    }
  });
});

describe("'Estado legal': the backups' restore drill (DATA_DIR/estado/simulacro.json)", () => {
  const dir = path.join(process.env.DATA_DIR!, "estado");
  const file = path.join(dir, "simulacro.json");
  const write = (content: string) => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, content);
  };
  const ruleWith = () => statusOf({ ...GOOD, drill: lastDrill() }, "copias");

  it("is green after a successful drill less than 35 days old, with when and the figures", () => {
    write(JSON.stringify({ ...GOOD.drill, backup: "consulta-2026-11-01T03-30-00Z.tar.age" }));
    const check = ruleWith();
    expect(check.status).toBe("ok");
    expect(check.detail).toContain("01/11/2026");
    expect(check.detail).toContain("28 de 28 migraciones, 1 cuenta, 12 artículos");
    expect(check.server).toBeUndefined();
  });

  it("asks to review when there is no drill (or it cannot be read) or it is older than 35 days", () => {
    fs.rmSync(file, { force: true });
    for (const content of [null, "{ roto", "[]", JSON.stringify({ ok: true })]) {
      if (content !== null) write(content);
      expect(lastDrill()).toBeNull();
      const check = ruleWith();
      expect(check.status, String(content)).toBe("revisar");
      expect(check.detail).toContain("se hace sola cada mes");
      expect(check.detail).toContain("quien mantiene el servidor");
      expect(check.server?.message).toMatch(
        /^Hola: .*consulta simulacro.*docs\/operations\.md.*Gracias\.$/,
      );
    }
    write(JSON.stringify({ ...GOOD.drill, at: "2026-10-20T05:00:00.000Z" }));
    expect(ruleWith()).toMatchObject({ status: "ok" });
    write(JSON.stringify({ ...GOOD.drill, at: "2026-10-19T05:00:00.000Z" }));
    const stale = ruleWith();
    expect(stale.status).toBe("revisar");
    expect(stale.detail).toContain("19/10/2026, hace 36 días");
    expect(stale.server?.message).toMatch(/^Hola: .*19\/10\/2026.*Gracias\.$/);
  });

  it("is red when the last drill failed, and says what went wrong", () => {
    const details =
      "El simulacro de restauración ha fallado con la copia consulta-2026-11-01T03-30-00Z.tar.age. age terminó con el código 1: age: error: unexpected EOF";
    write(JSON.stringify({ at: "2026-11-01T05:12:00.000Z", ok: false, details }));
    const check = ruleWith();
    expect(check.status).toBe("falta");
    expect(check.detail).toContain(details);
    expect(check.detail).toContain("quien mantiene el servidor");
    expect(check.server?.message).toContain(`«${details}»`);
    expect(check.server?.message).toMatch(/^Hola: .*Gracias\.$/);
  });
});

describe.each(DRIVERS)("the facts read from the database (%s)", (driver) => {
  const db = useTestDatabase(driver);

  it("finds example reviews, an ODR link, promises in a published article and the last drill", async () => {
    await db.db.delete(reviews);
    await db.db.delete(articles);
    await seedReviews(db.db);
    const privacy = () => "";
    const drill = { at: "2026-11-01T05:12:00.000Z", ok: true, details: "Bien." };
    fs.mkdirSync(path.join(process.env.DATA_DIR!, "estado"), { recursive: true });
    fs.writeFileSync(
      path.join(process.env.DATA_DIR!, "estado", "simulacro.json"),
      JSON.stringify({ ...drill, backup: "consulta-2026-11-01T03-30-00Z.tar.age" }),
    );
    let facts = await gatherFacts(db.db, privacy);
    expect(facts.drill).toEqual(drill);
    expect(facts.exampleReviewsPublished).toBeGreaterThan(0);
    await db.db.update(reviews).set({ isPublished: false }).where(eq(reviews.source, "seed"));
    await db.db.insert(articles).values({
      slug: "derechos",
      title: "Tus derechos",
      excerpt: "Resumen.",
      content:
        "Resultados garantizados. Reclama en https://ec.europa.eu/consumers/odr/main/index.cfm",
      category: "Bienestar",
      date: "2026-11-01",
      image: "/images/blog/derechos.svg",
      isPublic: true,
    });
    facts = await gatherFacts(db.db, privacy);
    expect(facts.exampleReviewsPublished).toBe(0);
    expect(facts.odrLinks).toEqual(["el artículo «Tus derechos»"]);
    expect(facts.claims).toContainEqual({
      where: "el artículo «Tus derechos»",
      words: ["Resultados garantizados"],
    });
    await db.db.delete(articles);
  });

  it("the reviews' notice says what the site does, and says when the reviews are examples", () => {
    expect(reviewVerificationText({ examplesPublished: 3, open: true })[0]).toContain(
      "son ejemplos",
    );
    const open = reviewVerificationText({ examplesPublished: 0, open: true }).join(" ");
    expect(open).not.toContain("ejemplos");
    expect(open).toContain("También se puede enviar una reseña sin invitación");
    const closed = reviewVerificationText({ examplesPublished: 0, open: false }).join(" ");
    expect(closed).toContain("Solo se pueden enviar reseñas con invitación.");
    expect(closed).not.toContain("sin invitación;");
  });
});
