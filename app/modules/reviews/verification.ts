/**
 * 'Cómo verificamos las reseñas', next to the public reviews (TRLGDCU art. 20 as amended by the
 * Real Decreto-ley 24/2021: say whether and how reviews are checked to come from real clients).
 * Written from what the site actually does and the setting 'Aceptar reseñas sin invitación', so it
 * changes when they do (docs/compliance.md). Built on the server: the page gets the sentences.
 */
export function reviewVerificationText(facts: { examplesPublished: number; open: boolean }) {
  return [
    ...(facts.examplesPublished > 0
      ? [
          "Las reseñas que ves ahora son ejemplos de una web en preparación: no las ha escrito ningún paciente.",
        ]
      : []),
    "Las reseñas marcadas «Verificada» llegan con una invitación personal que la consulta envía por email a sus pacientes: un enlace de un solo uso que caduca en 30 días.",
    facts.open
      ? "También se puede enviar una reseña sin invitación; esas no se marcan como verificadas, porque no podemos comprobar que quien la escribe haya sido paciente."
      : "Solo se pueden enviar reseñas con invitación.",
    "Todas se leen antes de publicarse: no se publican las que incluyen datos de salud, datos de contacto o el nombre completo de otra persona, ni las que prometen resultados. Solo se muestra el nombre que elige quien escribe; su email, nunca.",
    "No se paga ni se ofrece nada a cambio de ninguna reseña, y quien la escribe puede retirarla cuando quiera con el enlace que recibe.",
  ];
}
