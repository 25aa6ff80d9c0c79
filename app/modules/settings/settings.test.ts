import { describe, expect, it } from "vitest";
import { DRIVERS, useTestDatabase } from "../../../tests/support/db";
import { isProfileUrl, publicSettings, SHOWN_ONLY_WHEN_REAL } from "./defaults";
import { settingsFromForm } from "./form";
import { DEFAULT_SETTINGS, isPlaceholder, SettingsSchema, settingsFromStored } from "./schemas";
import { RouterContextProvider } from "react-router";
import { databaseContext } from "~/context";
import { getSettings, requestSettings, updateSettings } from "./settings.server";

describe("settings schema", () => {
  it("accepts its own defaults", () => {
    expect(SettingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  it("marks placeholders until they change", () => {
    expect(isPlaceholder("collegeNumber", "M-00000")).toBe(true);
    expect(isPlaceholder("collegeNumber", "M-12345")).toBe(false);
  });

  it("marks only invented examples, not sensible defaults a practice keeps", () => {
    expect(isPlaceholder("professionalTitle", DEFAULT_SETTINGS.professionalTitle)).toBe(false);
    expect(isPlaceholder("messageRetentionMonths", 12)).toBe(false);
    expect(isPlaceholder("bookingEnabled", false)).toBe(false);
    // Every field the public pages hide while it holds its example is an invented example.
    for (const key of SHOWN_ONLY_WHEN_REAL) {
      expect(isPlaceholder(key, DEFAULT_SETTINGS[key]), key).toBe(true);
    }
  });

  it("shows the public pages no example value: numbers, address, centre, links are empty", () => {
    const shown = publicSettings(DEFAULT_SETTINGS);
    for (const key of SHOWN_ONLY_WHEN_REAL) {
      expect(shown[key], key).toBe("");
    }
    expect(Object.values(shown.socialLinks).every((url) => url === "")).toBe(true);
    expect(shown.publications).toEqual([]);
    expect(JSON.stringify(shown)).not.toMatch(/00000|example\.com\/|Ejemplo/);
    // Names and titles keep theirs: a page cannot be built without them.
    expect(shown.professionalName).toBe(DEFAULT_SETTINGS.professionalName);
    expect(shown.contactEmail).toBe(DEFAULT_SETTINGS.contactEmail);

    const real = publicSettings({
      ...DEFAULT_SETTINGS,
      collegeNumber: "M-12345",
      partnerCentreName: "Centro Sanitario Ribera",
      socialLinks: {
        ...DEFAULT_SETTINGS.socialLinks,
        instagram: "https://www.instagram.com/laura",
      },
    });
    expect(real.collegeNumber).toBe("M-12345");
    expect(real.partnerCentreName).toBe("Centro Sanitario Ribera");
    expect(real.healthRegistryNumber).toBe("");
    expect(real.socialLinks.instagram).toBe("https://www.instagram.com/laura");
    expect(real.socialLinks.facebook).toBe("");
  });

  it("counts a social link only when it names a profile", () => {
    expect(isProfileUrl("https://www.instagram.com/laura")).toBe(true);
    expect(isProfileUrl("https://www.linkedin.com/in/laura-psicologa/")).toBe(true);
    for (const url of ["https://www.instagram.com/", "https://www.facebook.com", "", "no-url"]) {
      expect(isProfileUrl(url), url).toBe(false);
    }
  });

  it("keeps up to three publications from Ajustes, drops empty rows and explains missing fields", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      siteName: DEFAULT_SETTINGS.siteName,
      "publications.0.title": "",
      "publications.1.title": " Cuidar lo que sientes ",
      "publications.1.subtitle": "Guía práctica",
      "publications.1.url": "https://editorial.example.org/cuidar",
      "publications.2.description": "Sin título ni enlace",
    })) {
      form.set(key, value);
    }
    const posted = settingsFromForm(form).publications;
    const parse = (publications: unknown) =>
      SettingsSchema.shape.publications.safeParse(publications);
    const bad = parse(posted);
    expect(bad.success).toBe(false);
    expect(Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message]))).toEqual(
      { "2.title": "Falta el título", "2.url": "Falta el enlace de la publicación" },
    );

    form.delete("publications.2.description");
    expect(parse(settingsFromForm(form).publications).data).toEqual([
      {
        title: "Cuidar lo que sientes",
        subtitle: "Guía práctica",
        description: "",
        url: "https://editorial.example.org/cuidar",
      },
    ]);
    const linkless = parse([{ title: "Libro", subtitle: "", description: "", url: "ftp://x" }]);
    expect(linkless.error?.issues[0]?.message).toBe(
      "El enlace debe ser una URL válida (https://…)",
    );
    expect(
      parse(Array.from({ length: 4 }, () => ({ title: "a", url: "https://a.es" }))).success,
    ).toBe(false);
  });

  it("explains every invalid field in Spanish", () => {
    const result = SettingsSchema.safeParse({
      ...DEFAULT_SETTINGS,
      siteName: "  ",
      contactEmail: "no-es-un-email",
      contactPhone: "llámame",
      bookingUrl: "javascript:alert(1)",
      analyticsMeasurementId: "UA-1",
      messageRetentionMonths: 0,
      socialLinks: { ...DEFAULT_SETTINGS.socialLinks, instagram: "instagram" },
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join("."), i.message]),
    );
    expect(messages).toEqual({
      siteName: "El nombre del sitio es obligatorio",
      contactEmail: "Introduce un email válido",
      contactPhone: "Introduce un teléfono válido",
      bookingUrl: "La URL de reservas debe ser una URL válida (https://…)",
      analyticsMeasurementId: "El ID de medición debe tener la forma G-XXXXXXX",
      messageRetentionMonths: "La conservación mínima es de 1 mes",
      "socialLinks.instagram": "Instagram debe ser una URL válida (https://…)",
    });
  });

  it("accepts only an uploaded image as portrait, with its alternative text", () => {
    const portrait = (url: string, alt: string) =>
      SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, portrait: { url, alt } });
    const ok = portrait(
      "/media/blog/images/1718000000000-retrato-960.webp",
      " Ana en la consulta ",
    );
    expect(ok.data?.portrait).toEqual({
      url: "/media/blog/images/1718000000000-retrato-960.webp",
      alt: "Ana en la consulta",
    });
    expect(portrait("", "").success).toBe(true);
    for (const url of [
      "https://example.com/foto.jpg",
      "/media/portadas/ansiedad/x.svg",
      "/media/blog/images/../secrets.json",
      "javascript:alert(1)",
    ]) {
      const bad = portrait(url, "Retrato");
      expect(
        bad.error?.issues.map((i) => [i.path.join("."), i.message]),
        url,
      ).toEqual([["portrait.url", "El retrato debe ser una imagen subida desde Ajustes"]]);
    }
    expect(
      portrait("/media/blog/images/1718000000000-retrato-960.webp", "  ").error?.issues[0]?.path,
    ).toEqual(["portrait", "alt"]);
  });

  it("reads a damaged or older record field by field", () => {
    const read = settingsFromStored({ siteName: "Mi consulta", contactEmail: 42, extra: true });
    expect(read.siteName).toBe("Mi consulta");
    expect(read.contactEmail).toBe(DEFAULT_SETTINGS.contactEmail);
    expect(read).not.toHaveProperty("extra");
    expect(settingsFromStored(null)).toEqual(DEFAULT_SETTINGS);
  });
});

describe.each(DRIVERS)("settings in the database (%s)", (driver) => {
  const db = useTestDatabase(driver);

  it("starts with the defaults", async () => {
    expect(await getSettings(db.db)).toEqual(DEFAULT_SETTINGS);
  });

  it("is read once per request, however many loaders ask", async () => {
    const contextOf = () => {
      const context = new RouterContextProvider();
      context.set(databaseContext, async () => db.db);
      return context;
    };
    const context = contextOf();
    const first = requestSettings(context);
    expect(requestSettings(context)).toBe(first);
    expect(requestSettings(contextOf())).not.toBe(first);
    expect(await first).toEqual(await getSettings(db.db));
  });

  it("saves and reads back a whole record, trimmed", async () => {
    const changed = {
      ...DEFAULT_SETTINGS,
      professionalName: "  Ana Ruiz  ",
      collegeNumber: "M-12345",
      showSocialLinks: false,
    };
    const result = await updateSettings(db.db, changed);
    expect(result.ok).toBe(true);
    const read = await getSettings(db.db);
    expect(read.professionalName).toBe("Ana Ruiz");
    expect(read.collegeNumber).toBe("M-12345");
    expect(read.showSocialLinks).toBe(false);
  });

  it("stores nothing when a field is invalid", async () => {
    const before = await getSettings(db.db);
    const result = await updateSettings(db.db, { ...before, siteName: "x".repeat(81) });
    expect(result).toEqual({
      ok: false,
      formError: null,
      fieldErrors: { siteName: ["El nombre del sitio no puede exceder 80 caracteres"] },
    });
    expect(await getSettings(db.db)).toEqual(before);
  });

  it("refuses input of the wrong shape without throwing", async () => {
    const result = await updateSettings(db.db, "no es un objeto");
    expect(result.ok).toBe(false);
  });
});
