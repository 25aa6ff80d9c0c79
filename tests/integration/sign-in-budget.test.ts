import { and, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, user, verification } from "~/db/schema";
import { LIMITS, upsertUserFromCli } from "~/modules/accounts/accounts.server";
import { MESSAGES } from "~/modules/accounts/schemas";
import { deliverDue } from "~/platform/mail/outbox.server";
import * as authPage from "~/routes/auth/auth";
import * as linkPage from "~/routes/auth/sign-in-link";
import * as verifyPage from "~/routes/auth/two-factor";
import { DRIVERS, type TestDatabase, useTestDatabase } from "../support/db";
import {
  cookieFrom,
  decodeMail,
  enrolTotp,
  linkFrom,
  makeContext,
  makeRequest,
  readMails,
  run,
  totpCode,
} from "../support/routes";

/**
 * The per-account failure budget (issue 32, item 9): wrong passwords from many addresses together
 * switch an account to a slower path for browsers it never signed in from, without locking its
 * owner out.
 */
const PASSWORD = "una frase de prueba larga";

const signInFrom = (email: string, ip: string, password: string, cookie?: string) =>
  run(authPage.action, {
    request: makeRequest("/auth", {
      cookie,
      form: { intent: "signin", email, password, redirectTo: "/admin" },
    }),
    context: makeContext(ip),
  });

const deviceOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("consulta.device="));

async function mailsTo(db: TestDatabase, email: string) {
  await deliverDue(db.db);
  return readMails()
    .filter((m) => m.includes(`To: ${email}`))
    .map(decodeMail);
}

const useLink = (token: string, ip = "203.0.113.50") =>
  run(linkPage.action, {
    request: makeRequest("/auth/acceso", { form: { token } }),
    context: makeContext(ip),
  });

describe.each(DRIVERS)("the account's failure budget (%s)", (driver) => {
  const db = useTestDatabase(driver);
  // (Each address names the driver: both drivers' e-mails land in this file's one DATA_DIR.)

  beforeAll(() => {
    expect(LIMITS.accountFailureBudget).toBe(20);
  });

  // Each of the 20-odd attempts hashes a password with scrypt (on purpose slow): on a loaded
  // 2-core machine these two tests need more than the default 30 s.
  const SCRYPT_HEAVY_MS = 120_000;

  it(
    "7 addresses spend it: a new browser then needs the e-mailed link, the owner's own browser does not",
    async () => {
      const email = `ana.presupuesto.${driver}@example.com`;
      await upsertUserFromCli(db.db, { email, password: PASSWORD, role: "administrator" });
      // Her own browser: she signed in there before (it holds the signed device cookie).
      const first = await signInFrom(email, "203.0.113.10", PASSWORD);
      const device = deviceOf(first.headers)!;
      expect(device).toBeTruthy();
      const [row] = await db.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      await enrolTotp(db.db, row!.id);

      // 7 addresses, 3 wrong passwords each: each address stays under its own limits (10 a minute,
      // waits after 5), but together they spend the account's 20.
      const answers = [];
      for (let a = 0; a < 7; a++) {
        for (let t = 0; t < 3; t++) {
          answers.push(await signInFrom(email, `198.51.100.${20 + a}`, `probando-${a}-${t}`));
        }
      }
      for (const r of answers.slice(0, 20)) {
        expect(r.status).toBe(400);
        expect(r.data).toMatchObject({ formError: MESSAGES.badCredentials });
      }
      // The 21st, and every later try from a new browser, gets the slower path's answer.
      expect(answers[20]!.status).toBe(403);
      expect(answers[20]!.data).toMatchObject({ formError: MESSAGES.signInLinkSent });
      // The owner is told once that her account now asks new browsers for a link.
      const notices = (await mailsTo(db, email)).filter((m) => m.includes("un enlace que te"));
      expect(notices).toHaveLength(1);
      expect(notices[0]).not.toContain("probando-");

      // The right password from an address never seen: no session, no code step, only a link sent…
      const stranger = await signInFrom(email, "192.0.2.200", PASSWORD);
      expect(stranger.status).toBe(403);
      expect(stranger.data).toMatchObject({ formError: MESSAGES.signInLinkSent });
      expect(cookieFrom(stranger.headers)).not.toMatch(/session_token|two_factor/);
      // …and a wrong one gets the very same answer: guessing from here learns nothing.
      const guess = await signInFrom(email, "192.0.2.201", "otra prueba más");
      expect({ status: guess.status, data: guess.data }).toEqual({
        status: stranger.status,
        data: stranger.data,
      });
      const links = (await mailsTo(db, email)).filter((m) => m.includes("/auth/acceso?token="));
      expect(links).toHaveLength(1);
      const link = linkFrom(links[0]!, "/auth/acceso");
      expect(
        await db.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "login_link_sent"), eq(auditLog.target, email))),
      ).toHaveLength(1);

      // Her own browser is never held back (and the code step still applies).
      const own = await signInFrom(email, "192.0.2.202", PASSWORD, device);
      expect(own.location).toBe("/auth/verificacion?redirectTo=%2Fadmin");

      // The link's page shows a button; its POST makes this browser a known device, once.
      const token = new URL(link).searchParams.get("token")!;
      const page = await run(linkPage.loader, {
        request: makeRequest(`/auth/acceso?token=${token}`),
      });
      expect(page.data).toMatchObject({ token });
      const used = await useLink(token);
      expect(used.location).toBe("/auth");
      const confirmed = deviceOf(used.headers)!;
      expect(confirmed).toBeTruthy();
      expect(cookieFrom(used.headers)).not.toMatch(/session_token/);
      const again = await useLink(token);
      expect(again.status).toBe(400);
      expect(again.data).toMatchObject({ formError: MESSAGES.signInLinkInvalid });

      // From that browser the password leads to the code step, and the code signs her in.
      const after = await signInFrom(email, "192.0.2.203", PASSWORD, confirmed);
      expect(after.location).toBe("/auth/verificacion?redirectTo=%2Fadmin");
      const done = await run(verifyPage.action, {
        request: makeRequest("/auth/verificacion", {
          cookie: cookieFrom(after.headers),
          form: { method: "totp", code: await totpCode(), redirectTo: "/admin" },
        }),
        context: makeContext("192.0.2.203"),
      });
      expect(done.location).toBe("/admin");
      expect(cookieFrom(done.headers)).toMatch(/session_token/);
    },
    SCRYPT_HEAVY_MS,
  );

  it("a link works for 15 minutes, and only for its own token", async () => {
    const email = `eva.presupuesto.${driver}@example.com`;
    await upsertUserFromCli(db.db, { email, password: PASSWORD, role: "contributor" });
    for (let i = 0; i < LIMITS.accountFailureBudget; i++) {
      await signInFrom(email, `198.51.101.${i}`, `mal-${i}`);
    }
    expect((await signInFrom(email, "192.0.2.210", PASSWORD)).status).toBe(403);
    const link = (await mailsTo(db, email)).filter((m) => m.includes("/auth/acceso?token="));
    const token = new URL(linkFrom(link.at(-1)!, "/auth/acceso")).searchParams.get("token")!;
    // Look-alike tokens are refused before any query; so is a link past its 15 minutes.
    expect((await useLink(token.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).status).toBe(400);
    expect((await useLink("x".repeat(2000))).status).toBe(400);
    await db.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(like(verification.identifier, "signin-link:%"));
    expect((await useLink(token)).data).toMatchObject({ formError: MESSAGES.signInLinkInvalid });
  });

  it(
    "answers the same for an address without an account (no enumeration), and e-mails nobody",
    async () => {
      const email = `nadie.presupuesto.${driver}@example.com`;
      for (let i = 0; i < LIMITS.accountFailureBudget; i++) {
        await signInFrom(email, `198.51.102.${i}`, `mal-${i}`);
      }
      const r = await signInFrom(email, "192.0.2.220", PASSWORD);
      expect(r.status).toBe(403);
      expect(r.data).toMatchObject({ formError: MESSAGES.signInLinkSent });
      expect(await mailsTo(db, email)).toHaveLength(0);
    },
    SCRYPT_HEAVY_MS,
  );
});
