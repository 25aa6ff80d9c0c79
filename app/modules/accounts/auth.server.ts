import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { simpleHtml } from "~/platform/mail/templates";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "./schemas";
import { generateRecoveryCodes, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from "./recovery-codes";

export const SESSION_DAYS = 7;
export const RESET_PREFIX = "reset-password:";

/** "reset-password:<token>" → "reset-password:<sha-256 of the whole identifier, base64url>". */
export async function hashKeepingPrefix(identifier: string) {
  const prefix = identifier.slice(0, identifier.indexOf(":") + 1);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(identifier));
  return prefix + Buffer.from(digest).toString("base64url");
}
/** The name authenticator apps show next to the code. */
export const TOTP_ISSUER = "Consulta de Psicología";
/** Authenticator codes: 6 digits, a new one every 30 seconds (the plugin and totp-steps.server.ts). */
export const TOTP_OPTIONS = { digits: 6, period: 30 } as const;

function createAuth(db: Db) {
  const env = getEnv();
  // Account e-mails go through the durable outbox like every other e-mail (docs/decisions/009).
  const queue = async (message: Parameters<typeof enqueueMail>[1]) => {
    await enqueueMail(db, message);
    nudgeOutbox();
  };
  const https = env.PUBLIC_URL.startsWith("https://");
  return betterAuth({
    appName: "Consulta de Psicología",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    telemetry: { enabled: false },
    // Reset links are stored as a hash of their token, with the purpose kept readable so that all of
    // a user's outstanding links can be revoked (password-reset.server.ts). E-mail confirmation links are
    // signed JWTs that are never stored.
    verification: {
      storeIdentifier: {
        default: "hashed",
        overrides: { "reset-password:": { hash: hashKeepingPrefix } },
      },
    },
    // TOTP second factor with recovery codes (two-factor.server.ts). The plugin encrypts the
    // secret and the codes with AUTH_SECRET, allows 5 tries per sign-in challenge and locks the
    // factor for 15 minutes after 10 consecutive failures.
    plugins: [
      twoFactor({
        issuer: TOTP_ISSUER,
        totpOptions: TOTP_OPTIONS,
        // Codes without look-alike characters (recovery-codes.ts), kept encrypted.
        backupCodeOptions: {
          amount: RECOVERY_CODE_COUNT,
          length: RECOVERY_CODE_LENGTH,
          customBackupCodesGenerate: () => generateRecoveryCodes(),
          storeBackupCodes: "encrypted",
        },
        twoFactorCookieMaxAge: 10 * 60,
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
    // Our own limits live in the database (shared across instances); see LIMITS in accounts.server.ts.
    rateLimit: { enabled: false },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "contributor", input: false },
        lastLoginAt: { type: "date", required: false, input: false },
        approvedAt: { type: "date", required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      cookieCache: { enabled: false }, // revocation takes effect on the next request
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      requireEmailVerification: true,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${env.PUBLIC_URL}/auth/restablecer?token=${encodeURIComponent(token)}`;
        await queue({
          to: user.email,
          subject: "Restablecer tu contraseña",
          text: `Hola, ${user.name}:\n\nPara elegir una contraseña nueva, abre este enlace (caduca en 1 hora y solo sirve una vez):\n${link}\n\nSi no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.`,
          html: simpleHtml(
            [
              `Hola, ${user.name}:`,
              "Para elegir una contraseña nueva, pulsa el botón. El enlace caduca en 1 hora y solo sirve una vez.",
              "Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.",
            ],
            { href: link, label: "Elegir contraseña nueva" },
          ),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        const link = `${env.PUBLIC_URL}/auth/verificar?token=${encodeURIComponent(token)}`;
        await queue({
          to: user.email,
          subject: "Confirma tu email",
          text: `Hola, ${user.name}:\n\nConfirma tu email abriendo este enlace (caduca en 24 horas):\n${link}\n\nSi no has creado una cuenta, ignora este mensaje.`,
          html: simpleHtml(
            [
              `Hola, ${user.name}:`,
              "Confirma tu email para activar tu cuenta. El enlace caduca en 24 horas.",
              "Si no has creado una cuenta, ignora este mensaje.",
            ],
            { href: link, label: "Confirmar mi email" },
          ),
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account better-auth creates starts as a contributor WAITING for approval (no
          // session, no access). Invitation, command line and first-run setup approve it
          // themselves (accounts.server.ts). No account ever becomes administrator by arriving
          // first: the first one comes from `npm run user:create` or the setup link (setup.server.ts).
          before: async (data) => ({ data: { ...data, role: "contributor", approvedAt: null } }),
        },
      },
      session: {
        create: {
          // A pending account never gets a session, whatever path asks for one.
          before: async (data) => {
            const [row] = await db
              .select({ approvedAt: schema.user.approvedAt })
              .from(schema.user)
              .where(eq(schema.user.id, data.userId));
            return row?.approvedAt ? { data } : false;
          },
        },
      },
    },
    advanced: {
      useSecureCookies: https,
      cookiePrefix: "consulta",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https, path: "/" },
      // Our server answers 403 to foreign origins before any of this runs.
      disableCSRFCheck: true,
      disableOriginCheck: true,
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
const instances = new WeakMap<Db, Auth>();

export function getAuth(db: Db): Auth {
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db);
    instances.set(db, auth);
  }
  return auth;
}
