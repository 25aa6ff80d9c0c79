const BUTTON =
  "inline-flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-full border-2 border-primary bg-surface px-5 font-semibold text-primary hover:bg-primary-soft sm:flex-none";

/**
 * The cookie notice, rendered hidden: the site script (app/browser/consent.ts) shows it when
 * there is something optional to consent to and no valid choice yet, or when 'Configurar cookies'
 * asks for it. 'Aceptar', 'Rechazar' and 'Configurar' look the same (equal prominence), nothing
 * is pre-ticked, and it sits at the bottom without covering the page. `measurementId` is set when
 * analytics are configured in Ajustes (the only optional thing there is).
 */
export function ConsentBanner({ measurementId }: { measurementId: string | null }) {
  const analyticsAvailable = Boolean(measurementId);
  return (
    <section
      aria-labelledby="aviso-cookies"
      data-consent=""
      data-measurement-id={measurementId ?? undefined}
      hidden
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface/98 shadow-lift"
    >
      <div className="container-page flex max-h-[45vh] flex-col gap-3 overflow-y-auto py-4 text-sm sm:text-base">
        <h2
          id="aviso-cookies"
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
            <a href="/cookies" className="underline underline-offset-4">
              Política de cookies
            </a>
          </p>
        ) : (
          <p>
            Este sitio solo usa el almacenamiento técnico imprescindible para funcionar; no hay
            cookies opcionales que aceptar.{" "}
            <a href="/cookies" className="underline underline-offset-4">
              Política de cookies
            </a>
          </p>
        )}
        {analyticsAvailable ? (
          <fieldset
            data-consent-preferences=""
            hidden
            className="rounded-field border border-border p-3"
          >
            <legend className="px-1 font-semibold">Preferencias</legend>
            <label className="flex min-h-11 items-center gap-3">
              <input type="checkbox" checked disabled className="size-5 accent-primary" />
              Técnicas (necesarias, siempre activas)
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input type="checkbox" data-consent-analytics="" className="size-5 accent-primary" />
              Analítica (estadísticas de visitas)
            </label>
          </fieldset>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {analyticsAvailable ? (
            <>
              <button type="button" className={BUTTON} data-consent-choice="accept">
                Aceptar
              </button>
              <button type="button" className={BUTTON} data-consent-choice="reject">
                Rechazar
              </button>
              <button type="button" className={BUTTON} data-consent-choice="configure">
                Configurar
              </button>
              <button type="button" className={BUTTON} data-consent-choice="save" hidden>
                Guardar preferencias
              </button>
            </>
          ) : (
            <button type="button" className={BUTTON} data-consent-choice="close">
              Cerrar
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
