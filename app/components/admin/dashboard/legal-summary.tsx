import { Link } from "react-router";

/** 'Estado legal': how many of the practice's legal checks fail, need a look, or pass. */
export function LegalSummary({ legal }: { legal: { ok: number; revisar: number; falta: number } }) {
  return (
    <section aria-labelledby="estado-legal">
      <h2 id="estado-legal" className="text-h3">
        Estado legal
      </h2>
      <p className="mt-2">
        {legal.falta === 0 && legal.revisar === 0
          ? "Todas las reglas se cumplen."
          : `${legal.falta} por resolver · ${legal.revisar} por revisar · ${legal.ok} correctas.`}{" "}
        <Link to="/admin/estado-legal" className="font-semibold text-primary underline">
          Ver el estado legal
        </Link>
      </p>
    </section>
  );
}
