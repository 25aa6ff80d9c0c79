import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { account, user, verification } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { parseWith } from "~/utils/form-schema";
import { logger } from "~/utils/logger.server";
import { audit } from "~/platform/audit.server";
import { getAuth } from "./auth.server";
import { isCommonPassword } from "./passwords.server";
import { MESSAGES, SignUpSchema } from "./schemas";
import type { ClientInfo, Failure } from "./accounts.server";

/**
 * First-run setup (docs/decisions/007-roles-and-permissions.md): on a site without accounts, each
 * start prints a one-time link in the server log; whoever has the log creates the first
 * administrator with it. Only a hash of the token is stored (a `verification` row), and using it is
 * atomic: the row is deleted inside the transaction that creates the account, under an advisory
 * lock, so two simultaneous uses cannot both become administrator.
 */
export const SETUP_IDENTIFIER = "first-admin-setup";
export const SETUP_DAYS = 7;
const SETUP_LOCK = 7_240_001; // pg_advisory_xact_lock key for the first-run setup

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("base64url");
}

/** Whether the site has any account (then a setup link has nothing left to create). */
export async function hasAccounts(db: Db) {
  const [row] = await db.select({ n: count() }).from(user);
  return (row?.n ?? 0) > 0;
}

/**
 * Called by the server's start(): with no account yet, makes a fresh setup link and returns it
 * (server/main.js prints it last, framed: setup-banner.ts); the log only notes that it did.
 */
export async function ensureSetupLink(db: Db) {
  if (await hasAccounts(db)) return null;
  const token = randomBytes(32).toString("base64url");
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: SETUP_IDENTIFIER,
    value: hashToken(token),
    expiresAt: new Date(Date.now() + SETUP_DAYS * 24 * 60 * 60_000),
  });
  const link = `${getEnv().PUBLIC_URL}/auth/configurar?token=${token}`;
  logger.warn(
    "Primera puesta en marcha: no hay ninguna cuenta; el enlace para crear la de administrador se muestra al final del arranque",
  );
  return link;
}

/**
 * What the setup page shows for a token: the form (`valid`), «La cuenta ya está creada»
 * (`used`: the site has an account, so no setup link can work any more) or the invalid-link
 * message (`invalid`: an old or mistyped link on a site still without accounts).
 */
export async function setupLinkState(db: Db, token: string) {
  if (await setupTokenValid(db, token)) return "valid" as const;
  return (await hasAccounts(db)) ? ("used" as const) : ("invalid" as const);
}

/** Whether a setup token is (still) valid: for the page, before the form is shown. */
export async function setupTokenValid(db: Db, token: string) {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, SETUP_IDENTIFIER),
        eq(verification.value, hashToken(token)),
        sql`${verification.expiresAt} > now()`,
      ),
    );
  return Boolean(row);
}

/** A setup link that cannot create the account: used (there is one) or not valid. */
async function refusedSetup(db: Db): Promise<Failure> {
  const used = await hasAccounts(db);
  return { ok: false, status: 403, formError: used ? MESSAGES.setupUsed : MESSAGES.setupInvalid };
}

/** Creates the first administrator with a setup token: once, whatever the concurrency. */
export async function completeSetup(
  db: Db,
  token: unknown,
  input: unknown,
  info: ClientInfo,
): Promise<{ ok: true; email: string } | Failure> {
  const parsed = parseWith(SignUpSchema, input);
  if (typeof token !== "string" || !token || token.length > 200) {
    return { ok: false, status: 403, formError: MESSAGES.setupInvalid };
  }
  if (!parsed.ok) return { ok: false, status: 400, fieldErrors: parsed.fieldErrors };
  const { name, email, password } = parsed.data;
  if (isCommonPassword(password)) {
    return { ok: false, status: 400, fieldErrors: { password: [MESSAGES.passwordCommon] } };
  }
  // The costly hash only for a token that is valid now (the transaction checks it again).
  if (!(await setupTokenValid(db, token))) return refusedSetup(db);
  const hash = await (await getAuth(db).$context).password.hash(password);
  const userId = crypto.randomUUID();
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    const used = await tx
      .delete(verification)
      .where(
        and(
          eq(verification.identifier, SETUP_IDENTIFIER),
          eq(verification.value, hashToken(token)),
          sql`${verification.expiresAt} > now()`,
        ),
      )
      .returning({ id: verification.id });
    if (used.length === 0) return false;
    const [row] = await tx.select({ n: count() }).from(user);
    if ((row?.n ?? 0) > 0) return false;
    const now = new Date();
    await tx.insert(user).values({
      id: userId,
      name,
      email,
      emailVerified: true,
      role: "administrator",
      approvedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(account).values({
      id: crypto.randomUUID(),
      userId,
      providerId: "credential",
      accountId: userId,
      password: hash,
    });
    // Any other setup link (another start, another instance) is void now.
    await tx.delete(verification).where(eq(verification.identifier, SETUP_IDENTIFIER));
    return true;
  });
  if (!created) return refusedSetup(db);
  await audit(db, {
    action: "first_admin_created",
    actor: { id: userId, email },
    target: email,
    ip: info.ip,
  });
  return { ok: true, email };
}
