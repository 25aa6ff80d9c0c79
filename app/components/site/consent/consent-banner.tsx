import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { type Consent, saveConsent } from "~/utils/consent";

const BUTTON =
  "inline-flex min-h-11 flex-1 items-center justify-center rounded-full border-2 border-primary bg-surface px-5 font-semibold text-primary hover:bg-primary-soft sm:flex-none";

/**
 * First layer of the cookie notice: 'Aceptar', 'Rechazar' and 'Configurar' look the same (equal
 * prominence), nothing is pre-ticked, and it sits at the bottom without covering the page.
 */
export function ConsentBanner({
  analyticsAvailable,
  current,
  takeFocus,
  onClose,
}: {
  analyticsAvailable: boolean;
  current: Consent | null;
  takeFocus: boolean;
  onClose: () => void;
}) {
  const [configuring, setConfiguring] = useState(takeFocus && Boolean(current));
  const [analytics, setAnalytics] = useState(current?.analytics ?? false);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Opened from 'Configurar cookies': move focus here; a first visit does not steal focus.
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);

  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface/98 shadow-lift"
    >
      <div className="container-page flex max-h-[45vh] flex-col gap-3 overflow-y-auto py-4 text-sm sm:text-base">
        <h2
          id={titleId}
          ref={heading}
          tabIndex={-1}
          className="font-serif text-lg font-semibold outline-none"
        >
          Tu privacidad
        </h2>
        {analyticsAvailable ? (
          <p>
            Usamos almacenamiento técnico imprescindible y, solo si lo aceptas, cookies de analítica
            para saber qué páginas se visitan. Puedes cambiar de opinión cuando quieras en
            «Configurar cookies», al pie de la página.{" "}
            <Link to="/cookies" className="underline underline-offset-4">
              Política de cookies
            </Link>
          </p>
        ) : (
          <p>
            Este sitio solo usa el almacenamiento técnico imprescindible para funcionar; no hay
            cookies opcionales que aceptar.{" "}
            <Link to="/cookies" className="underline underline-offset-4">
              Política de cookies
            </Link>
          </p>
        )}
        {analyticsAvailable && configuring ? (
          <fieldset className="rounded-field border border-border p-3">
            <legend className="px-1 font-semibold">Preferencias</legend>
            <label className="flex min-h-11 items-center gap-3">
              <input type="checkbox" checked disabled className="size-5 accent-primary" />
              Técnicas (necesarias, siempre activas)
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                checked={analytics}
                onChange={(e) => setAnalytics(e.target.checked)}
                className="size-5 accent-primary"
              />
              Analítica (estadísticas de visitas)
            </label>
          </fieldset>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {analyticsAvailable ? (
            <>
              <button type="button" className={BUTTON} onClick={() => saveConsent(true)}>
                Aceptar
              </button>
              <button type="button" className={BUTTON} onClick={() => saveConsent(false)}>
                Rechazar
              </button>
              {configuring ? (
                <button type="button" className={BUTTON} onClick={() => saveConsent(analytics)}>
                  Guardar preferencias
                </button>
              ) : (
                <button type="button" className={BUTTON} onClick={() => setConfiguring(true)}>
                  Configurar
                </button>
              )}
            </>
          ) : (
            <button type="button" className={BUTTON} onClick={onClose}>
              Cerrar
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
