import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user, verification } from "~/db/schema";
import { simpleHtml } from "~/platform/mail/templates";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { getEnv } from "~/utils/env.server";
import { guessPlatform } from "~/utils/format";
import { hashToken, isToken, newToken } from "~/platform/tokens.server";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { type ClientInfo, type Failure, LIMITS, type Success } from "./accounts.server";
import { audit } from "~/platform/audit.server";
import { deviceCookie } from "./known-device.server";
import { MESSAGES } from "./schemas";

/**
 * The e-mailed sign-in link, for an account whose failure budget is spent and a browser that is
 * not one of its known devices (`signInByLink` in sign-in.server.ts): opening it makes that browser
 * a known device.
 */

/** Sign-in links are `verification` rows: "signin-link:<SHA-256 of the token>" → the user id. */
export const SIGN_IN_LINK_PREFIX = "signin-link:";

export async function sendSignInLink(
  db: Db,
  owner: { id: string; name: string; email: string },
  info: ClientInfo,
) {
  const limited = await hitRateLimit(
    db,
    `signin-link:${owner.email}`,
    LIMITS.signInLinksPerHour,
    60 * 60_000,
  );
  if (!limited.allowed) return;
  const { token, hash } = newToken();
  const env = getEnv();
  const link = `${env.PUBLIC_URL}/auth/acceso?token=${token}`;
  const reset = `${env.PUBLIC_URL}/auth?modo=recuperar`;
  const platform = guessPlatform(info.userAgent ?? "");
  const where = `, desde ${platform}`;
  await db.transaction(async (tx) => {
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: `${SIGN_IN_LINK_PREFIX}${hash}`,
      value: owner.id,
      expiresAt: new Date(Date.now() + LIMITS.signInLinkMs),
    });
    await enqueueMail(tx, {
      to: owner.email,
      subject: "Confirma el acceso a tu cuenta desde un navegador nuevo",
      text: `Hola, ${owner.name}:

Se ha escrito la contraseña correcta de tu cuenta del área de gestión en un navegador que no conocemos${where}. Como en las últimas horas ha habido muchos intentos fallidos, para entrar desde ese navegador hay que confirmarlo con este enlace (caduca en 15 minutos y solo sirve una vez):
${link}

Si has sido tú, ábrelo en ese mismo navegador y vuelve a iniciar sesión.

Si no has sido tú, no abras el enlace: alguien conoce tu contraseña. Cámbiala cuanto antes:
${reset}`,
      html: simpleHtml(
        [
          `Hola, ${owner.name}:`,
          `Se ha escrito la contraseña correcta de tu cuenta del área de gestión en un navegador que no conocemos${where}. Como en las últimas horas ha habido muchos intentos fallidos, para entrar desde ese navegador hay que confirmarlo con el botón. El enlace caduca en 15 minutos y solo sirve una vez.`,
          "Si has sido tú, ábrelo en ese mismo navegador y vuelve a iniciar sesión.",
          `Si no has sido tú, no lo abras: alguien conoce tu contraseña. Cámbiala cuanto antes en ${reset}`,
        ],
        { href: link, label: "Confirmar este navegador" },
      ),
    });
  });
  nudgeOutbox();
  await audit(db, {
    action: "login_link_sent",
    target: owner.email,
    details: { platform },
    ip: info.ip,
  });
}

/**
 * Uses a sign-in link (once, whatever the concurrency: the row is deleted as it is read): the
 * browser becomes a known device of the account. It opens no session by itself.
 */
export async function redeemSignInLink(
  db: Db,
  token: unknown,
  info: ClientInfo,
): Promise<Success<{ headers: Headers }> | Failure> {
  const refused: Failure = { ok: false, status: 400, formError: MESSAGES.signInLinkInvalid };
  if (!isToken(token)) return refused;
  const [row] = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, `${SIGN_IN_LINK_PREFIX}${hashToken(token)}`),
        sql`${verification.expiresAt} > now()`,
      ),
    )
    .returning({ userId: verification.value });
  const [owner] = row
    ? await db.select({ email: user.email }).from(user).where(eq(user.id, row.userId))
    : [];
  if (!owner) return refused;
  const headers = new Headers();
  headers.append("Set-Cookie", deviceCookie(owner.email));
  await audit(db, { action: "login_link_used", target: owner.email, ip: info.ip });
  return { ok: true, headers };
}
