import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/modules/settings/defaults";
import { pageMeta } from "~/utils/meta";
import { REAL_IDENTITY } from "../../../tests/support/site.js";
import { identityGaps, isIndexable, isNif } from "./identity";

describe("the identity data (LSSI-CE art. 10)", () => {
  it("a new install's examples are gaps, and the site is not indexable", () => {
    expect(identityGaps(DEFAULT_SETTINGS).map((g) => [g.key, g.problem])).toEqual([
      ["professionalName", "ejemplo"],
      ["nif", "ejemplo"],
      ["postalAddress", "ejemplo"],
      ["contactEmail", "ejemplo"],
      ["collegeNumber", "ejemplo"],
    ]);
    expect(isIndexable(DEFAULT_SETTINGS)).toBe(false);
  });

  it("real data leave no gap; an empty or impossible value is one", () => {
    const real = { ...DEFAULT_SETTINGS, ...REAL_IDENTITY };
    expect(identityGaps(real)).toEqual([]);
    expect(isIndexable(real)).toBe(true);
    expect(identityGaps({ ...real, collegeName: " " })).toEqual([
      { key: "collegeName", label: "Colegio profesional", problem: "falta" },
    ]);
    expect(identityGaps({ ...real, nif: "12345678A" })).toEqual([
      { key: "nif", label: "NIF", problem: "formato" },
    ]);
    expect(identityGaps({ ...real, postalAddress: "Calle Ejemplo 5, Madrid" })[0]?.problem).toBe(
      "ejemplo",
    );
  });

  it.each([
    ["12345678Z", true],
    ["12.345.678-z", true],
    ["12345678A", false],
    ["X1234567L", true],
    ["Y1234567X", true],
    ["X1234567A", false],
    ["B12345674", true],
    ["1234", false],
  ])("NIF %s → %s", (value, valid) => {
    expect(isNif(value)).toBe(valid);
  });

  it("every page answers noindex while the identity data are the examples", () => {
    const root = (indexable: boolean) => ({
      settings: DEFAULT_SETTINGS,
      publicUrl: "https://consulta.example.es",
      indexable,
    });
    const robots = (indexable: boolean) =>
      pageMeta(root(indexable), { title: "Blog", path: "/blog" }).filter(
        (t) => "name" in t && t.name === "robots",
      );
    expect(robots(false)).toEqual([{ name: "robots", content: "noindex, nofollow" }]);
    expect(robots(true)).toEqual([]);
  });
});
