import { lazy, Suspense, useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import siteScript from "virtual:site-script";
import type { Route } from "./+types/root";
import { ErrorPage } from "~/components/site/error-page";
import { PageNotice } from "~/components/site/page-notice";
import type * as ToasterModule from "~/components/ui/toaster";
import { database } from "~/context";
import { getUser } from "~/modules/accounts/guard.server";
import { reviewNotice } from "~/modules/reviews/notice.server";
import { isIndexable, registrationLines } from "~/modules/compliance/identity";
import { publicSettings } from "~/modules/settings/defaults";
import { requestSettings } from "~/modules/settings/settings.server";
import { COLORS } from "~/styles/tokens";
import { earlyInputScript, replayEarlyInput } from "~/utils/early-input";
import { getEnv } from "~/utils/env.server";
import { serverHydrationMode } from "~/utils/hydration";
import { useNonce } from "~/utils/nonce";
import { afterFirstScreenScript } from "~/utils/after-first-screen";
import { APP_SECTIONS, pageKind } from "~/utils/page-kind";
import { type Notice, NOTICE_EVENT, notify } from "~/utils/notify";
import { takeToast, toastMiddleware } from "~/utils/toast.server";
import appCss from "./styles/app.css?inline";
import appCssUrl from "./styles/app.css?url";

// The manifest is linked once the first screen has been shown (app/utils/after-first-screen.ts).
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export const middleware: Route.MiddlewareFunction[] = [toastMiddleware];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const db = await database(context);
  const [settings, user] = await Promise.all([requestSettings(context), getUser(request, context)]);
  // The new-review notice (docs/decisions/010); opening the reviews page clears it, so it is never
  // shown there.
  const notice = user ? await reviewNotice(db, user.id) : null;
  if (notice && url.pathname.startsWith("/admin/resenas")) notice.fresh = 0;
  // Example values (a made-up registration number, example.com links) never reach a page.
  const shown = publicSettings(settings);
  return {
    settings: shown,
    // Search engines index the site once its identity data are real (docs/compliance.md).
    indexable: isIndexable(settings),
    // On every page's footer (some comunidades ask for them in all publicity); built here, so
    // the words are not in the pages' JavaScript.
    registration: registrationLines(shown),
    user: user ? { name: user.name, role: user.role } : null,
    reviewNotice: notice,
    publicUrl: getEnv().PUBLIC_URL,
    toast: takeToast(context),
  };
}

/**
 * Public pages prerendered (or, lacking that, prefetched) when the visitor shows intent: a pointer
 * resting on a link, a touch (docs/decisions/020). Never the admin area, the account pages, a
 * file, or an address with a query (keys, searches).
 */
const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          ...APP_SECTIONS.map((section) => ({ not: { href_matches: `/${section}{/*}?` } })),
          { not: { href_matches: "/*.*" } },
          { not: { selector_matches: "[href*='?'], [target], [download]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

/** The inline script that adds the site script as a module (non-parser-inserted). */
function siteScriptLoader(src: string) {
  return `(function(){var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(src)};document.head.append(s)})();`;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // What the page ships (docs/decisions/020): a public page is the server's HTML and the site
  // script, without React Router's scripts; the admin area is a React application.
  const kind = pageKind(useLocation().pathname);
  // A content page has no toaster: a message left for it is part of its HTML.
  const rootData = useRouteLoaderData<typeof loader>("root");
  const notice = kind === "content" ? rootData?.toast : null;
  // Once the page is hydrated (after any client re-render, and on error pages too): replay what
  // was typed and clicked before, and mark <html data-hydrated> (what browser tests wait for).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    replayEarlyInput();
  }, []);
  return (
    <html lang="es" data-kind={kind}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The whole stylesheet (~10 KB gzip) in the document: the first paint waits for no
            other request (on a slow phone connection, one or two round trips fewer). It stays
            through client-side navigation, into the admin area too. The server renders its
            text; the browser keeps it (the bundle does not carry it). In development, a link,
            so that style changes reach the page without a reload. */}
        {import.meta.env.DEV ? (
          <link rel="stylesheet" href={appCssUrl} precedence="high" />
        ) : (
          <style
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? appCss : "" }}
          />
        )}
        {/* The first script where React hydrates: keeps what is typed and clicked before
            (in both HYDRATION modes: the modules take a moment to arrive either way). */}
        {kind !== "content" ? (
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? earlyInputScript() : "" }}
          />
        ) : null}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR
              ? afterFirstScreenScript(serverHydrationMode() === "deferred")
              : "",
          }}
        />
        {kind !== "app" ? (
          <>
            {/* The site script (app/browser/site.ts), added by an inline script: a page from the
                cache allows its inline scripts by their hashes, and the scripts they add through
                'strict-dynamic' (a <script src> or an import in the HTML would need the nonce). */}
            <script
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{
                __html: import.meta.env.SSR ? siteScriptLoader(siteScript) : "",
              }}
            />
            <script
              type="speculationrules"
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? SPECULATION_RULES : "" }}
            />
          </>
        ) : null}
        <meta name="theme-color" content={COLORS.primary} />
        <Meta />
        <Links />
      </head>
      <body>
        {notice ? <PageNotice notice={notice} /> : null}
        {children}
        {kind !== "content" ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

const LazyToaster = lazy(() =>
  import("~/components/ui/toaster").then((m) => ({ default: m.Toaster })),
);

/** Loads the toaster on the first notice (it is not in any page's first download), then shows. */
function Notices() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let pending: Notice[] = [];
    let mod: typeof ToasterModule | null = null;
    const show = (m: typeof ToasterModule, n: Notice) => {
      const fn =
        n.type === "error" ? m.toast.error : n.type === "info" ? m.toast.info : m.toast.success;
      fn(n.title, { id: n.id, description: n.description });
    };
    const onNotice = (event: Event) => {
      const notice = (event as CustomEvent<Notice>).detail;
      if (mod) return show(mod, notice);
      pending.push(notice);
      void import("~/components/ui/toaster").then((m) => {
        mod = m;
        setLoaded(true);
        // Let the toaster mount before the first message.
        setTimeout(() => {
          pending.forEach((n) => show(m, n));
          pending = [];
        }, 50);
      });
    };
    window.addEventListener(NOTICE_EVENT, onNotice);
    return () => window.removeEventListener(NOTICE_EVENT, onNotice);
  }, []);
  return loaded ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { toast } = loaderData;
  useEffect(() => {
    if (toast) notify(toast);
  }, [toast]);
  return (
    <>
      <Outlet />
      <Notices />
    </>
  );
}

/** The settings are needed by layouts everywhere; this hook reads them from the root loader. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="contenido">
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
    </main>
  );
}
