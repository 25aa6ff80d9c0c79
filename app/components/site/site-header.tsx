import { Menu } from "lucide-react";
import { BookingLink } from "~/components/site/booking-link";
import { Button, buttonVariants } from "~/components/ui/button";
import type { Settings } from "~/modules/settings/schemas";
import { COLORS, TINTS } from "~/styles/tokens";
import { cn } from "~/utils/cn";
import { NAV_ITEMS } from "./nav-items";

/**
 * The public header. Static markup: what it does in the browser (the phone menu, the section
 * links on the landing page, the new-review dot) is the site script's (app/browser/), so it works
 * the same on pages that hydrate and on pages that do not (docs/decisions/020).
 */
export function SiteHeader({
  settings,
  signedIn,
  newReviews,
}: {
  settings: Settings;
  signedIn: boolean;
  /** Signed in and reviews arrived since the reviews page was last opened (docs/decisions/010). */
  newReviews: boolean;
}) {
  const booking = settings.bookingUrl;
  const dotFor = (id: string) => (signedIn && newReviews && id === "reseñas" ? <NewDot /> : null);
  const signIn = (className: string) => (
    <a href="/auth" className={className}>
      Acceder
      {/* Signed out, the browser's flag (docs/product.md#new-review-notice) shows it. */}
      <span data-new-reviews-dot="" hidden>
        <NewDot />
      </span>
    </a>
  );

  return (
    <header
      className="sticky top-0 z-30 border-b border-border/70 bg-paper/90 backdrop-blur supports-[backdrop-filter]:bg-paper/80"
      data-new-reviews={signedIn ? (newReviews ? "1" : "0") : undefined}
    >
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-surface focus:px-4 focus:py-2 focus:shadow-lift"
      >
        Saltar al contenido
      </a>
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <a
          href="/#inicio"
          className="flex min-h-11 min-w-0 items-center gap-2 font-serif text-lg leading-tight font-semibold whitespace-nowrap text-ink no-underline"
        >
          {/* On a narrow phone the name, the main action and the menu need the room. */}
          <LogoMark className="max-[30rem]:hidden" />
          <span className="min-w-0 truncate">
            {settings.professionalName}
            <span className="block truncate font-sans text-xs font-normal text-muted">
              {settings.professionalTitle}
            </span>
          </span>
        </a>

        <nav aria-label="Principal" className="hidden lg:block">
          <NavList
            className="flex items-center xl:gap-2"
            linkClassName="inline-flex min-h-11 items-center rounded-full px-2 text-[0.95rem] font-medium whitespace-nowrap text-ink-soft no-underline hover:bg-sand hover:text-ink"
            marker={dotFor}
          />
        </nav>

        <div className="flex shrink-0 items-center gap-2">
          {/* The main action, at every width: the booking site, or else the contact form. */}
          <BookingLink
            href={booking || "/#contacto"}
            className={buttonVariants({ size: "compact" })}
          >
            Pedir cita
          </BookingLink>
          {signedIn ? (
            <SignOutButton className="hidden md:max-lg:inline-flex xl:inline-flex" />
          ) : (
            signIn(
              "hidden min-h-11 items-center rounded-full px-3 text-sm font-semibold text-primary no-underline hover:bg-primary-soft md:max-lg:inline-flex xl:inline-flex",
            )
          )}
          {/* Until the site script runs (and without JavaScript) the phone menu is the #menu
              list below, shown when the address ends in #menu; then the button opens the
              drawer. */}
          <a
            href="#menu"
            data-menu-link=""
            aria-label="Abrir menú"
            className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "lg:hidden")}
          >
            <Menu aria-hidden="true" />
          </a>
          <button
            type="button"
            data-menu-open=""
            hidden
            aria-label="Abrir menú"
            aria-haspopup="dialog"
            aria-expanded="false"
            className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "lg:hidden")}
          >
            <Menu aria-hidden="true" />
          </button>
        </div>
      </div>
      <nav id="menu" aria-label="Menú" className="container-page hidden pb-3 max-lg:target:block">
        <NavList
          className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
          linkClassName="inline-flex min-h-11 items-center underline"
        />
        {/* What the header hides at this width, as in the drawer. */}
        <div className="mt-2 flex flex-wrap items-center gap-2 md:hidden">
          {signedIn ? (
            <SignOutButton />
          ) : (
            signIn("inline-flex min-h-11 items-center px-3 text-sm font-semibold text-primary")
          )}
        </div>
      </nav>
      <dialog data-menu="" aria-label="Menú" className="menu-drawer">
        <div className="mx-auto mb-4 h-1.5 w-12 rounded-full bg-border" aria-hidden="true" />
        <nav aria-label="Menú móvil">
          <NavList
            className="flex flex-col"
            linkClassName="flex min-h-12 items-center rounded-xl px-3 text-lg text-ink no-underline hover:bg-sand"
            marker={dotFor}
          />
        </nav>
        <div className="mt-4 flex flex-col gap-2 border-t border-border pt-4">
          {signedIn ? (
            <SignOutButton className="w-full" />
          ) : (
            signIn(
              "flex min-h-11 items-center justify-center rounded-full font-semibold text-primary no-underline hover:bg-primary-soft",
            )
          )}
          <button
            type="button"
            data-menu-close=""
            className="flex min-h-11 cursor-pointer items-center justify-center rounded-full border border-border font-semibold hover:bg-sand"
          >
            Cerrar menú
          </button>
        </div>
      </dialog>
    </header>
  );
}

/**
 * NAV_ITEMS as links to the landing page's sections. The header, the drawer and the #menu list
 * differ only in their classes and the mark after a label.
 */
function NavList({
  className,
  linkClassName,
  marker,
}: {
  className: string;
  linkClassName: string;
  marker?: (id: string) => React.ReactNode;
}) {
  return (
    <ul className={className}>
      {NAV_ITEMS.map((item) => (
        <li key={item.id}>
          <a href={`/#${item.id}`} className={linkClassName}>
            {item.label}
            {marker?.(item.id)}
          </a>
        </li>
      ))}
    </ul>
  );
}

function NewDot() {
  return (
    <>
      <span aria-hidden="true" className="ml-1.5 inline-block size-2 rounded-full bg-danger" />
      <span className="sr-only"> (hay reseñas nuevas)</span>
    </>
  );
}

/** Signing out is a POST, so it works without JavaScript and cannot be triggered by a link. */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <form method="post" action="/auth/salir" className={className}>
      <Button type="submit" variant="ghost-primary" size="sm" className="w-full">
        Cerrar sesión
      </Button>
    </form>
  );
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      width="36"
      height="36"
      viewBox="0 0 36 36"
      className={cn("shrink-0", className)}
    >
      <circle cx="18" cy="18" r="18" fill={COLORS.primary} />
      <path
        d="M11 22c2.5-6 5-9 7-9s4.5 3 7 9"
        fill="none"
        stroke={COLORS.paper}
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <circle cx="18" cy="11" r="2.6" fill={TINTS.terraTint} />
    </svg>
  );
}
