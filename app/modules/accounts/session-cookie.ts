/** better-auth's session cookie (cookiePrefix "consulta"), plain or with the HTTPS prefix. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?consulta\.session_token=[^;\s]/;

/** Whether a Cookie header carries a session (valid or not: only its presence is checked). */
export function hasSessionCookie(cookieHeader: string | null | undefined) {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}
