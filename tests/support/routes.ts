import fs from "node:fs";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { databaseContext, requestInfoContext } from "~/context";
import { type Db, getDb } from "~/db/client.server";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { twoFactor, user } from "~/db/schema";
import { upsertUserFromCli } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/sign-in.server";
import { getAuth } from "~/modules/accounts/auth.server";
import { completeTwoFactorSignIn, twoFactorRequired } from "~/modules/accounts/two-factor.server";

export const BASE = "http://localhost:3000";

/** The context our Express layer gives React Router, for calling loaders/actions directly. */
export function makeContext(ip = "203.0.113.7") {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: "test", ip });
  context.set(databaseContext, getDb);
  return context;
}

export function makeRequest(
  pathname: string,
  options: { method?: string; form?: Record<string, string>; cookie?: string } = {},
) {
  const headers = new Headers();
  if (options.cookie) headers.set("cookie", options.cookie);
  const init: RequestInit = { method: options.method ?? (options.form ? "POST" : "GET"), headers };
  if (options.form) init.body = new URLSearchParams(options.form);
  return new Request(new URL(pathname, BASE), init);
}

/**
 * A multipart body as the bytes a browser puts on the wire, with its content type. A FormData
 * body given to an in-process Request is pumped by undici and, on Node 24, throws an unhandled
 * "ReadableStream is already closed" when the action stops reading early (an upload refused
 * half-way), which no HTTP client causes.
 */
export async function multipartBody(form: FormData) {
  const encoded = new Response(form);
  return {
    contentType: encoded.headers.get("content-type")!,
    bytes: new Uint8Array(await encoded.arrayBuffer()),
  };
}

export interface Outcome {
  status: number;
  location: string | null;
  headers: Headers;
  data: unknown;
}

/** Runs a loader or action and describes what it returned or threw, whatever its kind. */
export async function run(
  fn: ((args: never) => unknown) | undefined,
  args: { request: Request; params?: Record<string, string>; context?: RouterContextProvider },
): Promise<Outcome> {
  if (!fn) throw new Error("La ruta no exporta esa función");
  let value: unknown;
  try {
    value = await fn({
      request: args.request,
      url: new URL(args.request.url),
      params: args.params ?? {},
      context: args.context ?? makeContext(),
    } as never);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("location"),
      headers: value.headers,
      data: null,
    };
  }
  if (
    value &&
    typeof value === "object" &&
    (value as { type?: string }).type === "DataWithResponseInit"
  ) {
    const d = value as { data: unknown; init?: ResponseInit | null };
    return {
      status: d.init?.status ?? 200,
      location: null,
      headers: new Headers(d.init?.headers),
      data: d.data,
    };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, headers: new Headers(), data: value };
}

/** "name=value; …" from the Set-Cookie headers of a response (what a browser would send back). */
export function cookieFrom(headers: Headers) {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** The e-mails written to DATA_DIR/mail (no SMTP_URL in tests), newest last. */
export function readMails() {
  const dir = path.join(process.env.DATA_DIR!, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
}

/** Quoted-printable soft line breaks removed, so links can be found in the raw message. */
export function decodeMail(raw: string) {
  return raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}

export function linkFrom(raw: string, pathPrefix: string) {
  const match = new RegExp(
    `https?://[^\\s"<>]*${pathPrefix.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9_.%-]+`,
  ).exec(decodeMail(raw));
  if (!match) throw new Error(`No hay enlace ${pathPrefix} en el email`);
  return match[0];
}

/** The raw TOTP secret the test accounts get (the plugin's secrets are 32 random characters). */
export const TEST_TOTP_SECRET = "prueba-secreto-totp-de-32-bytes!";
export const TEST_RECOVERY_CODES = ["AAAAA-11111", "BBBBB-22222", "CCCCC-33333"];

/**
 * The current 6-digit code for a raw TOTP secret (the same algorithm as the plugin), or the one
 * `steps` periods later: a code works once, and the plugin also takes the next period's, so a test
 * can use a second code without waiting 30 seconds.
 */
export function totpCode(secret: string = TEST_TOTP_SECRET, steps = 0) {
  return createOTP(secret, { digits: 6, period: 30 }).hotp(Math.floor(Date.now() / 30_000) + steps);
}

/**
 * Lets an account's codes be used again (tests only): for tests about something else that sign
 * the same account in many times within one 30-second period.
 */
export async function forgetUsedCodes(db: Db, userId: string) {
  await db.update(twoFactor).set({ lastTotpStep: null }).where(eq(twoFactor.userId, userId));
}

/**
 * Gives an account a verified TOTP factor directly in the database, encrypted with AUTH_SECRET
 * exactly as the twoFactor plugin stores it (tests only: real people enrol in Mi cuenta).
 */
export async function enrolTotp(db: Db, userId: string, secret: string = TEST_TOTP_SECRET) {
  const ctx = await getAuth(db).$context;
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.insert(twoFactor).values({
    id: crypto.randomUUID(),
    userId,
    secret: await symmetricEncrypt({ key: ctx.secretConfig, data: secret }),
    backupCodes: await symmetricEncrypt({
      key: ctx.secretConfig,
      data: JSON.stringify(TEST_RECOVERY_CODES),
    }),
    verified: true,
  });
  await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
}

let codeStep = 0;

/**
 * Creates (or updates) a staff account with this role and returns its signed-in cookie. Roles
 * that require 2FA (administrator, editor) get a TOTP factor and go through the real second step,
 * so the cookie passes the guard.
 */
export async function staffCookie(db: Db, role: string, email = `${role}@example.com`) {
  const password = "una frase de prueba larga";
  await upsertUserFromCli(db, { email, password, role });
  if (twoFactorRequired(role)) {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await enrolTotp(db, row!.id);
  }
  const r = await signIn(db, { email, password }, { ip: `ip-${email}` });
  if (!r.ok) throw new Error(`no se pudo iniciar sesión como ${email}`);
  if (!r.twoFactor) return cookieFrom(r.headers);
  const done = await completeTwoFactorSignIn(
    db,
    cookieFrom(r.headers),
    { method: "totp", code: await totpCode() },
    { ip: `ip-${email}-codigo-${++codeStep}` },
  );
  if (!done.ok) throw new Error(`no se pudo completar la verificación en dos pasos de ${email}`);
  return cookieFrom(done.headers);
}

export type StaffRole = "administrator" | "editor" | "contributor";

/** A signed-in account (`staffCookie`) for each role, as `<role>@example.com`, with its id. */
export async function staffAccounts(db: Db) {
  const cookies = {} as Record<StaffRole, string>;
  const ids = {} as Record<StaffRole, string>;
  for (const role of ["administrator", "editor", "contributor"] as const) {
    cookies[role] = await staffCookie(db, role);
    const [row] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, `${role}@example.com`));
    ids[role] = row!.id;
  }
  return { cookies, ids };
}
