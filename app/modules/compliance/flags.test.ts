import { describe, expect, it } from "vitest";
import { claimFlags, reviewFlags, rulesTouched, segments } from "./flags";

const found = (flags: { text: string; kind: string }[]) => flags.map((f) => [f.kind, f.text]);

describe("the claims check", () => {
  it.each([
    ["Resultados garantizados desde la primera sesión.", "Resultados garantizados"],
    ["Te garantizo que saldrás adelante.", "garantizo"],
    ["Una terapia que cura la ansiedad.", "cura"],
    ["Conseguirás curar tus miedos.", "curar"],
    ["La curación llega con constancia.", "curación"],
    ["Éxito asegurado con nuestro método.", "Éxito asegurado"],
    ["Funciona en el 100 % de los casos.", "100 %"],
    ["Funciona al 100% garantía", "100%"],
    ["Un cambio milagroso en semanas.", "milagroso"],
    ["Olvídate de la ansiedad para siempre.", "para siempre"],
    ["Soy la mejor psicóloga de Madrid.", "la mejor psicóloga"],
  ])("flags %j", (text, words) => {
    expect(found(claimFlags(text))).toContainEqual(["claim", words]);
  });

  it.each([
    "Procurar un espacio seguro es lo primero.",
    "Trabajamos juntos para que recuperes la calma.",
    "La seguridad del paciente es lo primero.",
    "Cuidar de ti es importante.",
  ])("leaves %j alone", (text) => {
    expect(claimFlags(text)).toEqual([]);
  });

  it("cuts the text into plain and flagged parts, and names the rule with its source", () => {
    const text = "Te curo en 100 % de los casos.";
    const flags = claimFlags(text);
    expect(segments(text, flags).map((p) => [p.text, Boolean(p.flag)])).toEqual([
      ["Te ", false],
      ["curo", true],
      [" en ", false],
      ["100 %", true],
      [" de los casos.", false],
    ]);
    const [rule] = rulesTouched(flags);
    expect(rule!.source).toContain("Real Decreto 1907/1996, art. 4.4");
    expect(rule!.url).toMatch(/^https:\/\/www\.boe\.es\//);
  });
});

describe("what a review must not publish", () => {
  it("flags health details, contact data, a full name and promises", () => {
    const text =
      "Llegué con depresión y tomando sertralina, y me ayudó muchísimo María José Pérez López. " +
      "Escribidme a ana.g@example.com o al 612 345 678. Me curó del todo.";
    expect(found(reviewFlags(text))).toEqual([
      ["health", "depresión"],
      ["health", "sertralina"],
      ["name", "María José Pérez López"],
      ["contact", "ana.g@example.com"],
      ["contact", "612 345 678"],
      ["claim", "curó"],
    ]);
    expect(rulesTouched(reviewFlags(text)).map((r) => r.kind)).toEqual([
      "claim",
      "health",
      "contact",
      "name",
    ]);
  });

  it.each([
    ["Vine por ansiedad y hoy estoy mucho mejor.", "ansiedad"],
    ["Tenía ataques de pánico en el metro.", "ataques de pánico"],
    ["Me diagnosticaron TOC hace años.", "TOC"],
    ["Con el TDAH de mi hijo nos ha orientado muy bien.", "TDAH"],
    ["Mi pareja es bipolar y nos ayudó a los dos.", "bipolar"],
    ["Mi hermano tiene esquizofrenia.", "esquizofrenia"],
    ["Superé la anorexia gracias a las sesiones.", "anorexia"],
    ["Llevaba años con bulimia.", "bulimia"],
    ["Salí de dos depresiones seguidas.", "depresiones"],
    ["Pensamientos obsesivo-compulsivos que no me dejaban vivir.", "obsesivo-compulsivos"],
    ["Tenía agorafobia y no salía de casa.", "agorafobia"],
    ["Mi estrés postraumático tras el accidente.", "estrés postraumático"],
    ["Meses de insomnio.", "insomnio"],
  ])("flags the named condition in %j", (text, words) => {
    expect(found(reviewFlags(text))).toContainEqual(["health", words]);
  });

  it("leaves an ordinary review alone", () => {
    expect(
      reviewFlags(
        "Me sentí escuchada desde el primer día. Las sesiones me dieron herramientas para el día a día.",
      ),
    ).toEqual([]);
  });
});
