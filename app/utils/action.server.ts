import { DrizzleQueryError } from "drizzle-orm/errors";
import { data } from "react-router";
import type { FieldErrors, FormFailure } from "~/utils/form";
import { logger } from "~/utils/logger.server";

/**
 * A refused form (a FormFailure), with the status the refusal deserves: the one way an action
 * answers a refusal. `more` carries what a form shows besides its messages (the sessions of a
 * series that could not be booked); it never replaces the contract's own fields.
 */
export function failure<More extends object = object>(
  result: {
    status: number;
    formError?: string | null;
    fieldErrors?: FieldErrors;
    values?: Record<string, string>;
    intent?: string;
  },
  more?: More,
) {
  const answer: FormFailure = {
    ok: false,
    formError: result.formError ?? null,
    fieldErrors: result.fieldErrors ?? {},
  };
  if (result.values) answer.values = result.values;
  if (result.intent) answer.intent = result.intent;
  return data({ ...more, ...answer } as More & FormFailure, { status: result.status });
}
/** Whether an error (or one of its causes) came from the database or the connection to it. */
function fromDatabase(error: unknown) {
  for (let e = error, depth = 0; e && depth < 5; e = (e as Error).cause, depth++) {
    if (e instanceof DrizzleQueryError) return true;
    const code = (e as { code?: unknown }).code;
    // SQLSTATE codes (PostgreSQL, PGlite) and the socket errors of a lost connection.
    if (typeof code === "string" && /^([0-9A-Z]{5}|ECONN\w+|ETIMEDOUT|EPIPE)$/.test(code)) {
      return true;
    }
  }
  return false;
}

/**
 * Runs a form's work; when it throws (the database or the auth library failed, not the person),
 * the form shows "<prefix>: <reason>" instead of the error page. The reason is a Spanish summary:
 * the details (queries, table names) go to the log, never to an anonymous visitor.
 */
export async function orUnexpected<T>(prefix: string, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    // Answers meant for the router (a redirect, a 4xx thrown by a guard) are not failures.
    if (
      error instanceof Response ||
      (error as { type?: unknown })?.type === "DataWithResponseInit"
    ) {
      throw error;
    }
    logger.error({ err: error }, `${prefix} (error inesperado)`);
    const reason = fromDatabase(error)
      ? "la base de datos no respondió. Inténtalo de nuevo en unos minutos."
      : "el servidor no pudo completar la solicitud. Inténtalo de nuevo en unos minutos.";
    return failure({ status: 500, formError: `${prefix}: ${reason}` });
  }
}

export function withCookies(headers: Headers, ...more: string[]) {
  const out = new Headers();
  for (const c of headers.getSetCookie()) out.append("Set-Cookie", c);
  for (const c of more) out.append("Set-Cookie", c);
  return out;
}
