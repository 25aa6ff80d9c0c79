import pino from "pino";

/** Parameters of a failed statement (drizzle appends them to its message) never reach the log. */
const PARAMS_IN_MESSAGE = /\n?\s*params:[\s\S]*$/;
/** Database error fields that carry the statement, its values or a row's values ("Key (email)=…"). */
const DB_VALUE_FIELDS = ["query", "params", "parameters", "detail", "where", "internalQuery"];

type Serialized = Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };

function stripDbValues(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== "object" || depth > 5) return value;
  const out: Serialized = { ...(value as Serialized) };
  for (const field of DB_VALUE_FIELDS) delete out[field];
  if (typeof out.message === "string") {
    const message = out.message;
    const clean = message.replace(PARAMS_IN_MESSAGE, "");
    if (clean !== message) {
      const replaced = `${clean} (parámetros omitidos)`;
      out.message = replaced;
      if (typeof out.stack === "string") out.stack = out.stack.split(message).join(replaced);
    }
  }
  if (typeof out.stack === "string") out.stack = out.stack.replace(/\n\s*params:[^\n]*/g, "");
  if (out.cause) out.cause = stripDbValues(out.cause, depth + 1);
  return out;
}

/** SQLSTATE codes are five digits or capitals (23505, 22P02…). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** pg/PGlite messages quote the offending value ('invalid input syntax for type uuid: "…"'). */
function dbMessage(message: string) {
  return message.replace(/: ".*"$/s, ': "[redactado]"');
}

/** The database error in a cause chain: kept by code, constraint and a value-free message. */
function dbCause(err: unknown) {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const candidate = current as Record<string, unknown>;
    if (typeof candidate.code === "string" && SQLSTATE.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/**
 * pino's error serializer without database statement parameters: drizzle's "Failed query: …
 * params: …" message and the `query`/`parameters`/`detail` fields of pg and PGlite errors carry
 * names and e-mails. The error type, the statement shape, the SQLSTATE code and the constraint stay
 * (under `db`).
 */
export function errSerializer(err: unknown) {
  if (!(err instanceof Error)) return stripDbValues(err);
  const out = stripDbValues(pino.stdSerializers.err(err)) as Serialized;
  const db = dbCause(err);
  if (db) {
    const message = typeof db.message === "string" ? db.message : "";
    const clean = dbMessage(message);
    out.db = {
      code: db.code,
      message: clean,
      ...(typeof db.constraint === "string" ? { constraint: db.constraint } : {}),
      ...(typeof db.table === "string" ? { table: db.table } : {}),
      ...(typeof db.column === "string" ? { column: db.column } : {}),
    };
    if (message && clean !== message) {
      if (typeof out.message === "string") out.message = out.message.split(message).join(clean);
      if (typeof out.stack === "string") out.stack = out.stack.split(message).join(clean);
    }
  }
  return out;
}

/**
 * A request URL for the log: the path, and each query parameter name with its value replaced
 * (reset and confirmation tokens, e-mails and search terms travel in query strings).
 */
export function safeUrl(url: string | undefined) {
  if (!url) return "";
  const mark = url.indexOf("?");
  if (mark === -1) return url;
  const names = url
    .slice(mark + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]!.slice(0, 40)}=[redactado]`);
  return names.length ? `${url.slice(0, mark)}?${names.join("&")}` : url.slice(0, mark);
}

/** One logger for the process; secrets and message bodies never reach the log. */
export const logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  serializers: { err: errSerializer },
  redact: {
    paths: [
      "req.headers.cookie",
      "req.headers.authorization",
      'res.headers["set-cookie"]',
      "*.password",
      "*.newPassword",
      "*.token",
      "*.message",
      "*.body",
    ],
    censor: "[redactado]",
  },
});
