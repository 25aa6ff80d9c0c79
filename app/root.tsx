import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { toast as showToast, Toaster } from "~/components/ui/toaster";
import type { Route } from "./+types/root";
import { ErrorPage } from "~/components/site/error-page";
import { useNonce } from "~/utils/nonce";
import frauncesUrl from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import "./styles/app.css";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: frauncesUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    const { toastMiddleware } = await import("~/utils/toast.server");
    return toastMiddleware(args, next);
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { loadSiteSettings } = await import("~/modules/settings/settings-loader.server");
  const { takeToast } = await import("~/utils/toast.server");
  const { getEnv } = await import("~/utils/env.server");
  const { getUser } = await import("~/modules/accounts/guard.server");
  const [settings, user] = await Promise.all([loadSiteSettings(), getUser(request)]);
  return {
    settings,
    user: user ? { name: user.name, role: user.role } : null,
    publicUrl: getEnv().PUBLIC_URL,
    toast: takeToast(context),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f6f68" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { toast } = loaderData;
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "error" ? showToast.error : showToast.success;
    // A timeout lets the toaster mount first on the initial render.
    const timer = setTimeout(() =>
      show(toast.title, { id: toast.id, description: toast.description }),
    );
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <>
      <Outlet />
      <Toaster />
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
