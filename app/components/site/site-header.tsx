import { Menu } from "lucide-react";
import { BookingLink } from "~/components/site/booking-link";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import type { Settings } from "~/modules/settings/schemas";
import { COLORS, TINTS } from "~/styles/tokens";
import { cn } from "~/utils/cn";
import { readNewReviewsFlag, writeNewReviewsFlag } from "~/utils/new-reviews";
import { MOBILE_MENU_DELAY_MS, NAV_ITEMS } from "./nav-items";
import { useSectionNavigation } from "./use-section-navigation";

const MobileMenu = lazy(() => import("./mobile-menu").then((m) => ({ default: m.MobileMenu })));

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
  const goTo = useSectionNavigation();
  const booking = settings.bookingUrl;
  const [open, setOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  // Signed out, the browser's flag (docs/product.md#new-review-notice) remembers that new reviews
  // were waiting.
  const [flagged, setFlagged] = useState(false);
  useEffect(() => {
    if (signedIn) writeNewReviewsFlag(newReviews);
    else setFlagged(readNewReviewsFlag());
  }, [signedIn, newReviews]);
  const dotFor = (id: string) => (signedIn && newReviews && id === "reseñas" ? <NewDot /> : null);

  const onItem = (id: string, fromDrawer: boolean) => (event: React.MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (fromDrawer) {
      setOpen(false);
      setTimeout(() => goTo(id), MOBILE_MENU_DELAY_MS);
    } else {
      goTo(id);
    }
  };

  return (
    <header className="sticky top-0 z-30 border-b border-border/70 bg-paper/90 backdrop-blur supports-[backdrop-filter]:bg-paper/80">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-surface focus:px-4 focus:py-2 focus:shadow-lift"
      >
        Saltar al contenido
      </a>
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <a
          href="/#inicio"
          onClick={onItem("inicio", false)}
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
            onItem={(id) => onItem(id, false)}
            marker={dotFor}
          />
        </nav>

        <div className="flex shrink-0 items-center gap-2">
          {/* The main action, at every width: the booking site, or else the contact form. */}
          <BookingLink
            href={booking || "/#contacto"}
            onClick={booking ? undefined : onItem("contacto", false)}
            className={buttonVariants({ size: "compact" })}
          >
            Pedir cita
          </BookingLink>
          {signedIn ? (
            <SignOutButton className="hidden md:max-lg:inline-flex xl:inline-flex" />
          ) : (
            <Link
              to="/auth"
              className="hidden min-h-11 items-center rounded-full px-3 text-sm font-semibold text-primary no-underline hover:bg-primary-soft md:max-lg:inline-flex xl:inline-flex"
            >
              Acceder
              {flagged ? <NewDot /> : null}
            </Link>
          )}
          <MenuTrigger
            expanded={open}
            onOpen={() => {
              setMenuLoaded(true);
              setOpen(true);
            }}
          />
          {menuLoaded ? (
            <Suspense fallback={null}>
              <MobileMenu open={open} onOpenChange={setOpen}>
                <nav aria-label="Menú móvil">
                  <NavList
                    className="flex flex-col"
                    linkClassName="flex min-h-12 items-center rounded-xl px-3 text-lg text-ink no-underline hover:bg-sand"
                    onItem={(id) => onItem(id, true)}
                    marker={dotFor}
                  />
                </nav>
                <div className="mt-4 flex flex-col gap-2 border-t border-border pt-4">
                  {signedIn ? (
                    <SignOutButton className="w-full" />
                  ) : (
                    <Link
                      to="/auth"
                      onClick={() => setOpen(false)}
                      className="flex min-h-11 items-center justify-center rounded-full font-semibold text-primary no-underline hover:bg-primary-soft"
                    >
                      Acceder
                      {flagged ? <NewDot /> : null}
                    </Link>
                  )}
                </div>
              </MobileMenu>
            </Suspense>
          ) : null}
        </div>
      </div>
      {/* Until the page is interactive (and without JavaScript) the phone menu is this list of
          links, shown when the address ends in #menu: the menu link above points there. */}
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
            <a
              href="/auth"
              className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-primary"
            >
              Acceder
            </a>
          )}
        </div>
      </nav>
    </header>
  );
}

/**
 * NAV_ITEMS as links to the landing page's sections. The header, the drawer and the #menu list
 * differ only in their classes, what a click does and the mark after a label.
 */
function NavList({
  className,
  linkClassName,
  onItem,
  marker,
}: {
  className: string;
  linkClassName: string;
  onItem?: (id: string) => React.MouseEventHandler;
  marker?: (id: string) => React.ReactNode;
}) {
  return (
    <ul className={className}>
      {NAV_ITEMS.map((item) => (
        <li key={item.id}>
          <a href={`/#${item.id}`} onClick={onItem?.(item.id)} className={linkClassName}>
            {item.label}
            {marker?.(item.id)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The phone menu control. The server renders a link to the #menu list (it works before the
 * scripts arrive and without them); once the page is interactive it becomes the button that opens
 * the drawer, keeping the keyboard focus if the link had it.
 */
function MenuTrigger({ expanded, onOpen }: { expanded: boolean; onOpen: () => void }) {
  const [interactive, setInteractive] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    moveFocus.current = document.activeElement === linkRef.current;
    setInteractive(true);
  }, []);
  useEffect(() => {
    if (interactive && moveFocus.current) buttonRef.current?.focus();
  }, [interactive]);

  if (!interactive) {
    return (
      <a
        ref={linkRef}
        href="#menu"
        aria-label="Abrir menú"
        className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "lg:hidden")}
      >
        <Menu aria-hidden="true" />
      </a>
    );
  }
  return (
    <Button
      ref={buttonRef}
      variant="ghost"
      size="icon"
      className="lg:hidden"
      aria-label="Abrir menú"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onOpen}
    >
      <Menu aria-hidden="true" />
    </Button>
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
    <Form method="post" action="/auth/salir" className={className}>
      <Button type="submit" variant="ghost-primary" size="sm" className="w-full">
        Cerrar sesión
      </Button>
    </Form>
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
