import { LEGAL_PAGES } from "~/components/site/legal/pages";
import type { Settings } from "~/modules/settings/schemas";
import { mailtoHref } from "~/utils/mailto";

function telHref(phone: string) {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

export function SiteFooter({
  settings,
  signedIn,
  registration,
}: {
  settings: Settings;
  signedIn: boolean;
  /** The registry and advertising authorisation numbers, as lines (root loader). */
  registration: string[];
}) {
  return (
    <footer className="bg-ink text-[#e8e4dc]">
      <div className="container-page grid gap-10 py-14 md:grid-cols-3">
        <div>
          <p className="font-serif text-xl font-semibold text-white">{settings.professionalName}</p>
          <p className="mt-1">{settings.professionalTitle}</p>
          <p className="mt-1 text-sm">
            {settings.collegeName}
            {settings.collegeNumber ? ` · Nº de colegiada ${settings.collegeNumber}` : null}
          </p>
          {registration.map((line) => (
            <p key={line} className="mt-1 text-sm">
              {line}
            </p>
          ))}
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wide text-white uppercase">
            Contacto
          </h2>
          <address className="mt-3 space-y-1 not-italic">
            {settings.partnerCentreName ? (
              <p>
                Sesiones en {settings.partnerCentreName}
                {settings.partnerCentreAddress ? (
                  <span className="block text-sm">{settings.partnerCentreAddress}</span>
                ) : null}
              </p>
            ) : null}
            {settings.contactPhone ? (
              <p>
                <a className="underline underline-offset-4" href={telHref(settings.contactPhone)}>
                  {settings.contactPhone}
                </a>
              </p>
            ) : null}
            <p>
              <a className="underline underline-offset-4" href={mailtoHref(settings.contactEmail)}>
                {settings.contactEmail}
              </a>
            </p>
          </address>
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wide text-white uppercase">
            Información legal
          </h2>
          <ul className="mt-3 space-y-1">
            {LEGAL_PAGES.map((page) => (
              <li key={page.path}>
                <a className="underline-offset-4 hover:underline" href={page.path}>
                  {page.title}
                </a>
              </li>
            ))}
            <li>
              {/* Reopens the cookie choice (app/browser/consent.ts); without JavaScript it leads
                  to the policy. */}
              <a
                className="underline-offset-4 hover:underline"
                href="/cookies#configurar"
                data-consent-open=""
              >
                Configurar cookies
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="container-page flex flex-col gap-3 py-6 text-sm md:flex-row md:items-center md:justify-between">
          <p role="note" className="font-semibold text-white">
            Si estás en una situación de crisis, llama al{" "}
            <a className="underline underline-offset-4" href="tel:024">
              024
            </a>{" "}
            o al{" "}
            <a className="underline underline-offset-4" href="tel:112">
              112
            </a>
            .
          </p>
          <p>
            © {new Date().getFullYear()} {settings.professionalName}
            {signedIn ? null : (
              <>
                <span aria-hidden="true"> · </span>
                <a className="text-[#cfc9bf] underline underline-offset-4" href="/auth">
                  Acceder
                </a>
              </>
            )}
          </p>
        </div>
      </div>
    </footer>
  );
}
