import { createContext, createCookie, type MiddlewareFunction, redirect } from "react-router";
import { z } from "zod";
import { getEnv } from "./env.server";

/** A one-shot message carried across a redirect (post/redirect/get) in a signed cookie. */
export const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;

let cookie: ReturnType<typeof createCookie> | undefined;
function toastCookie() {
  const env = getEnv();
  cookie ??= createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.PUBLIC_URL.startsWith("https://"),
    secrets: [env.AUTH_SECRET],
    maxAge: 60,
  });
  return cookie;
}

export async function toastHeader(toast: Omit<Toast, "id" | "type"> & { type?: Toast["type"] }) {
  return toastCookie().serialize({ ...toast, id: crypto.randomUUID() });
}

/** redirect() with a toast to show on the next page. */
export async function redirectWithToast(
  url: string,
  toast: Parameters<typeof toastHeader>[0],
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

interface ToastState {
  toast: Toast | null;
  consumed: boolean;
}
const toastContext = createContext<ToastState>({ toast: null, consumed: false });

/** Root middleware: reads the toast cookie; clears it only if a loader actually took it. */
export const toastMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const raw = await toastCookie()
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  const parsed = ToastSchema.safeParse(raw);
  const state: ToastState = { toast: parsed.success ? parsed.data : null, consumed: false };
  context.set(toastContext, state);
  const response = await next();
  if (state.consumed) {
    response.headers.append("Set-Cookie", await toastCookie().serialize("", { maxAge: 0 }));
  }
  return response;
};

/** Called by the root loader: the pending toast, if any, marked as shown. */
export function takeToast(context: { get: <T>(c: ReturnType<typeof createContext<T>>) => T }) {
  const state = context.get(toastContext);
  if (!state.toast) return null;
  state.consumed = true;
  return state.toast;
}
