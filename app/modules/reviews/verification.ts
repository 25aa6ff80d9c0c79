/**
 * 'Cómo verificamos las reseñas', next to the public reviews (TRLGDCU art. 20 as amended by the
 * Real Decreto-ley 24/2021: say whether and how reviews are checked to come from real clients).
 * Written from what the site actually does, so it changes when that does (docs/compliance.md).
 * Built on the server: the page receives the sentences, not this code.
 */
export function reviewVerificationText(facts: { examplesPublished: number }): string[] {
  return [
    ...(facts.examplesPublished > 0
      ? [
          "Las reseñas que ves ahora son ejemplos de una web en preparación: no las ha escrito ningún paciente.",
        ]
      : []),
    "Cualquier persona puede enviar una reseña desde esta web; no podemos comprobar que quien la escribe haya sido paciente de la consulta.",
    "Todas se leen antes de publicarse: no se publican las que incluyen datos de salud, datos de contacto o el nombre completo de otra persona, ni las que prometen resultados.",
    "No se paga ni se ofrece nada a cambio de ninguna reseña.",
  ];
}
