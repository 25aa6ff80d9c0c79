import { z } from "zod";
import * as zm from "zod/mini";
import { describe, expect, it } from "vitest";
import { htmlConstraints, parseWith } from "./form-schema";

describe("the form contract", () => {
  const classic = z.object({
    name: z.string({ error: "Falta el nombre" }).trim().min(1, "Falta el nombre").max(10, "Largo"),
    note: z.optional(z.string().max(100, "Nota larga")),
  });
  const mini = zm.object({
    name: zm
      .string({ error: "Falta el nombre" })
      .check(zm.trim(), zm.minLength(1, "Falta el nombre"), zm.maxLength(10, "Largo")),
    note: zm.optional(zm.string().check(zm.maxLength(100, "Nota larga"))),
  });

  for (const [flavour, schema] of [
    ["zod", classic],
    ["zod/mini", mini],
  ] as const) {
    it(`reads values and gives each field its first message (${flavour})`, () => {
      expect(parseWith(schema, { name: "  Ana  " })).toEqual({ ok: true, data: { name: "Ana" } });
      expect(parseWith(schema, { name: " ", note: "x".repeat(101) })).toEqual({
        ok: false,
        formError: null,
        fieldErrors: { name: ["Falta el nombre"], note: ["Nota larga"] },
      });
      expect(parseWith(schema, {})).toMatchObject({ fieldErrors: { name: ["Falta el nombre"] } });
    });

    it(`derives the HTML attributes, with room over the limit (${flavour})`, () => {
      expect(htmlConstraints(schema)).toEqual({
        name: { required: true, minLength: 1, maxLength: 30 },
        note: { maxLength: 120 },
      });
    });
  }

  it("names nested fields by their path, and a list's fields whatever the row", () => {
    const schema = z.object({
      portrait: z.object({ alt: z.string().max(200) }),
      publications: z.array(z.object({ title: z.string().max(120) })),
    });
    expect(htmlConstraints(schema)).toEqual({
      "portrait.alt": { required: true, maxLength: 220 },
      "publications.title": { required: true, maxLength: 140 },
    });
    expect(
      parseWith(schema, { portrait: { alt: 1 }, publications: [{ title: "x".repeat(121) }] }),
    ).toMatchObject({ fieldErrors: { "portrait.alt": [expect.any(String)] } });
    expect(
      parseWith(schema, { portrait: { alt: "" }, publications: [{ title: "x".repeat(121) }] }),
    ).toMatchObject({ fieldErrors: { "publications.0.title": [expect.any(String)] } });
  });

  it("gives a number field its bounds, as the rule says them (no margin)", () => {
    const schema = z.object({
      months: z.coerce.number().int().min(1).max(120),
      minutes: z.coerce.number().int().min(0).max(120).optional(),
    });
    expect(htmlConstraints(schema)).toEqual({
      months: { required: true, min: 1, max: 120 },
      minutes: { min: 0, max: 120 },
    });
  });

  it("a message that belongs to no field is the form's", () => {
    const schema = z
      .object({ a: z.string(), b: z.string() })
      .refine((v) => v.a === v.b, "No coinciden");
    expect(parseWith(schema, { a: "x", b: "y" })).toEqual({
      ok: false,
      formError: "No coinciden",
      fieldErrors: {},
    });
  });
});
