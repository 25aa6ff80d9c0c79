import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import { simpleHtml } from "~/platform/mail/templates";
import { enqueueMail, nudgeOutbox } from "~/platform/mail/outbox.server";
import { getEnv } from "~/utils/env.server";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { type ClientInfo, LIMITS } from "./accounts.server";
import { audit } from "~/platform/audit.server";

/**
 * Wrong passwords at sign-in (sign-in.server.ts): counted per client address, per account and
 * address (growing waits) and per account (the failure budget), each forgotten after a day without
 * failures; the owner is e-mailed about repeated failures. Own SQL on the `rate_limit` table, so
 * rate-limit.server.ts stays as it is.
 */

/** A wrong password: counted per address, per account and address, and per account. */
export async function countSignInFailure(db: Db, email: string, info: ClientInfo, failKey: string) {
  const { limit, windowMs } = LIMITS.signInPerIp;
  await hitRateLimit(db, `signin-ip:${info.ip}`, limit, windowMs);
  await recordSignInFailure(db, failKey);
  await audit(db, { action: "login_failed", target: email, ip: info.ip });
  await noticeRepeatedFailures(db, email);
}

/** Wrong passwords for an account from every address (its failure budget's counter). */
const accountFailKey = (email: string) => `signin-fail-account:${email}`;

export async function failureBudgetSpent(db: Db, email: string) {
  const result = await db.execute<{ count: number }>(sql`
    select count from rate_limit
    where key = ${accountFailKey(email)}
      and window_start > now() - make_interval(secs => ${LIMITS.failureMemoryMs / 1000})`);
  return Number(result.rows[0]?.count ?? 0) >= LIMITS.accountFailureBudget;
}

/** One more failure for a key; the count starts again after a day without failures. */
async function recordSignInFailure(db: Db, key: string): Promise<number> {
  const seconds = LIMITS.failureMemoryMs / 1000;
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limit (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limit.window_start < now() - make_interval(secs => ${seconds})
                   then 1 else rate_limit.count + 1 end,
      window_start = now()
    returning count`);
  return Number(result.rows[0]!.count);
}

/**
 * After 5 failures each new attempt waits a delay that doubles with every further failure (1 s,
 * 2 s, 4 s … up to 15 minutes) from the last failure; a day without failures forgets them.
 */
export async function failureDelaySeconds(db: Db, key: string) {
  const result = await db.execute<{ count: number; window_start: string }>(
    sql`select count, window_start from rate_limit where key = ${key}`,
  );
  const row = result.rows[0];
  if (!row) return 0;
  const waited = Date.now() - new Date(row.window_start).getTime();
  if (waited >= LIMITS.failureMemoryMs || Number(row.count) < LIMITS.accountFreeFailures) return 0;
  const delayMs = Math.min(
    2 ** (Number(row.count) - LIMITS.accountFreeFailures) * 1000,
    15 * 60 * 1000,
  );
  return waited >= delayMs ? 0 : Math.ceil((delayMs - waited) / 1000);
}

/**
 * E-mails the owner (never the password tried) at the 5th failure and every 10th after it, at most
 * once an hour; and, whatever the hour, when the failure budget is spent (once per series).
 */
async function noticeRepeatedFailures(db: Db, email: string) {
  const total = await recordSignInFailure(db, accountFailKey(email));
  const budgetSpent = total === LIMITS.accountFailureBudget;
  const due =
    budgetSpent ||
    total === LIMITS.noticeFirst ||
    (total > LIMITS.noticeFirst && (total - LIMITS.noticeFirst) % LIMITS.noticeEvery === 0);
  if (!due) return;
  const [owner] = await db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.email, email));
  if (!owner) return;
  const gap = await hitRateLimit(db, `signin-notice:${email}`, 1, LIMITS.noticeMinGapMs);
  if (!gap.allowed && !budgetSpent) return;
  const link = `${getEnv().PUBLIC_URL}/auth?modo=recuperar`;
  if (budgetSpent) {
    await enqueueMail(db, {
      to: owner.email,
      subject: "Tu cuenta pide una confirmación por email para entrar desde navegadores nuevos",
      text: `Hola, ${owner.name}:

En las últimas horas ha habido ${total} intentos fallidos de iniciar sesión en tu cuenta del área de gestión.

Para protegerla, hasta que pasen 24 horas sin fallos, entrar desde un navegador donde no hayas iniciado sesión antes necesitará, además de la contraseña, un enlace que te enviaremos a este email. Desde tu navegador habitual puedes entrar con normalidad.

Si no has sido tú, alguien está probando contraseñas. Si tu contraseña es débil o la usas en otros sitios, cámbiala:
${link}`,
      html: simpleHtml(
        [
          `Hola, ${owner.name}:`,
          `En las últimas horas ha habido ${total} intentos fallidos de iniciar sesión en tu cuenta del área de gestión.`,
          "Para protegerla, hasta que pasen 24 horas sin fallos, entrar desde un navegador donde no hayas iniciado sesión antes necesitará, además de la contraseña, un enlace que te enviaremos a este email. Desde tu navegador habitual puedes entrar con normalidad.",
          "Si no has sido tú, alguien está probando contraseñas. Si tu contraseña es débil o la usas en otros sitios, cámbiala.",
        ],
        { href: link, label: "Cambiar mi contraseña" },
      ),
    });
    nudgeOutbox();
    await audit(db, {
      action: "login_failures_notified",
      target: email,
      details: { total, budgetSpent: true },
    });
    return;
  }
  await enqueueMail(db, {
    to: owner.email,
    subject: "Intentos fallidos de acceso a tu cuenta",
    text: `Hola, ${owner.name}:\n\nEn las últimas horas ha habido ${total} intentos fallidos de iniciar sesión en tu cuenta del área de gestión.\n\nSi no has sido tú, alguien está probando contraseñas: tu cuenta sigue protegida y desde tu navegador habitual puedes entrar con normalidad. Si tu contraseña es débil o la usas en otros sitios, cámbiala:\n${link}\n\nSi has sido tú, no tienes que hacer nada.`,
    html: simpleHtml(
      [
        `Hola, ${owner.name}:`,
        `En las últimas horas ha habido ${total} intentos fallidos de iniciar sesión en tu cuenta del área de gestión.`,
        "Si no has sido tú, alguien está probando contraseñas: tu cuenta sigue protegida y desde tu navegador habitual puedes entrar con normalidad. Si tu contraseña es débil o la usas en otros sitios, cámbiala.",
        "Si has sido tú, no tienes que hacer nada.",
      ],
      { href: link, label: "Cambiar mi contraseña" },
    ),
  });
  nudgeOutbox();
  await audit(db, { action: "login_failures_notified", target: email, details: { total } });
}
