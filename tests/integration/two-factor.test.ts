import { base32 } from "@better-auth/utils/base32";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, session, twoFactor, user } from "~/db/schema";
import { upsertUserFromCli } from "~/modules/accounts/accounts.server";
import { MESSAGES } from "~/modules/accounts/schemas";
import { claimTotpCode } from "~/modules/accounts/totp-steps.server";
import * as accountPage from "~/routes/admin/account";
import * as dashboard from "~/routes/admin/dashboard";
import * as messagesPage from "~/routes/admin/messages";
import * as settingsPage from "~/routes/admin/settings";
import * as usersPage from "~/routes/admin/users";
import * as authPage from "~/routes/auth/auth";
import * as reauthPage from "~/routes/auth/reauth";
import * as verifyPage from "~/routes/auth/two-factor";
import * as eventsApi from "~/routes/resources/events-api";
import * as rgpdExport from "~/routes/resources/rgpd-export";
import { DRIVERS, type TestDatabase, useTestDatabase } from "../support/db";
import {
  cookieFrom,
  enrolTotp,
  forgetUsedCodes,
  makeContext,
  makeRequest,
  run,
  staffCookie,
  TEST_RECOVERY_CODES,
  totpCode,
} from "../support/routes";

const PASSWORD = "una frase de prueba larga";
let ipCounter = 0;
/** A fresh client address, so the per-IP limits of one test do not leak into another. */
const ctx = () => makeContext(`198.51.100.${++ipCounter}`);

async function userId(db: TestDatabase, email: string) {
  const [row] = await db.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

async function lastAudit(db: TestDatabase, action: string) {
  const [row] = await db.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** The password step through /auth: returns the challenge cookie and where it sent us. */
async function passwordStep(email: string, context = ctx()) {
  const outcome = await run(authPage.action, {
    request: makeRequest("/auth", {
      form: { intent: "signin", email, password: PASSWORD, redirectTo: "/admin/blog" },
    }),
    context,
  });
  return { outcome, cookie: cookieFrom(outcome.headers), context };
}

async function codeStep(
  cookie: string,
  code: string,
  method = "totp",
  context = ctx(),
): Promise<Awaited<ReturnType<typeof run>>> {
  return run(verifyPage.action, {
    request: makeRequest("/auth/verificacion", {
      cookie,
      form: { method, code, redirectTo: "/admin/blog" },
    }),
    context,
  });
}

async function enrolledAccount(db: TestDatabase, email: string, role = "administrator") {
  await upsertUserFromCli(db.db, { email, password: PASSWORD, role });
  await enrolTotp(db.db, await userId(db, email));
}

describe.each(DRIVERS)("two-factor authentication (%s)", (driver) => {
  const db = useTestDatabase(driver);

  beforeAll(async () => {
    // The first account must exist so /auth shows the sign-in form (not the first sign-up).
    await staffCookie(db.db, "administrator", "primera@example.com");
  });

  it("an administrator enrols in Mi cuenta (password, secret, first code) and only then reaches the admin area", async () => {
    const email = "nueva-admin@example.com";
    await upsertUserFromCli(db.db, { email, password: PASSWORD, role: "administrator" });
    const { outcome, cookie } = await passwordStep(email);
    // No factor yet: the password alone gives a session…
    expect(outcome.location).toBe("/admin/blog");
    // (A second one, say someone else's who knew the password, opened before enrolment.)
    const other = (await passwordStep(email)).cookie;
    // …that the guard sends to Mi cuenta from every other admin page.
    const blocked = await run(dashboard.loader, { request: makeRequest("/admin", { cookie }) });
    expect(blocked.location).toBe("/admin/cuenta");

    const wrongPassword = await run(accountPage.action, {
      request: makeRequest("/admin/cuenta", {
        cookie,
        form: { intent: "enable", password: "no es la contraseña" },
      }),
      context: ctx(),
    });
    expect(wrongPassword.status).toBe(400);

    const started = await run(accountPage.action, {
      request: makeRequest("/admin/cuenta", {
        cookie,
        form: { intent: "enable", password: PASSWORD },
      }),
      context: ctx(),
    });
    expect(started.status).toBe(302);
    const page = await run(accountPage.loader, {
      request: makeRequest("/admin/cuenta", { cookie }),
    });
    const pending = (
      page.data as {
        pending: { secret: string; uri: string; qrSvg: string; backupCodes: string[] };
      }
    ).pending;
    expect(pending.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(pending.uri).toContain(`secret=${pending.secret}`);
    expect(pending.qrSvg).toMatch(/^<svg role="img" aria-label="Código QR/);
    expect(pending.backupCodes).toHaveLength(10);
    // Capitals and digits without look-alikes (no 0/O, 1/I/L, no lower case).
    for (const c of pending.backupCodes)
      expect(c).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    // Stored encrypted with AUTH_SECRET, never in clear.
    const [row] = await db.db
      .select()
      .from(twoFactor)
      .where(eq(twoFactor.userId, await userId(db, email)));
    const raw = new TextDecoder().decode(base32.decode(pending.secret));
    expect(row!.secret).not.toContain(raw);
    expect(row!.backupCodes).not.toContain(pending.backupCodes[0]);

    // The recovery codes must be saved (the checkbox) before the code is even tried.
    const unsaved = await run(accountPage.action, {
      request: makeRequest("/admin/cuenta", {
        cookie,
        form: { intent: "confirm", code: "000000" },
      }),
      context: ctx(),
    });
    expect(unsaved.status).toBe(400);
    expect(unsaved.data).toMatchObject({ fieldErrors: { saved: [MESSAGES.codesNotSaved] } });
    expect(unsaved.data).not.toHaveProperty("fieldErrors.code");
    const wrongCode = await run(accountPage.action, {
      request: makeRequest("/admin/cuenta", {
        cookie,
        form: { intent: "confirm", code: "000000", saved: "on" },
      }),
      context: ctx(),
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.data).toMatchObject({ fieldErrors: { code: ["El código no es correcto."] } });
    const firstCode = await totpCode(raw);
    const confirmed = await run(accountPage.action, {
      request: makeRequest("/admin/cuenta", {
        cookie,
        form: { intent: "confirm", code: firstCode, saved: "on" },
      }),
      context: ctx(),
    });
    expect(confirmed.status).toBe(302);
    // An administrator must have it: once enrolled, straight to the panel.
    expect(confirmed.location).toBe("/admin");
    expect(await lastAudit(db, "two_factor_enabled")).toMatchObject({ actorEmail: email });
    const renewed = cookieFrom(confirmed.headers);
    const allowed = await run(dashboard.loader, {
      request: makeRequest("/admin", { cookie: renewed }),
    });
    expect(allowed.status).toBe(200);
    // The session opened with the password alone does not inherit the new factor: it is gone.
    const stale = await run(dashboard.loader, {
      request: makeRequest("/admin", { cookie: other }),
    });
    expect(stale.location).toMatch(/^\/auth\?redirectTo=/);

    // The next sign-in asks for the code. The one that confirmed the enrolment is spent…
    const again = await passwordStep(email);
    expect(again.outcome.location).toBe("/auth/verificacion?redirectTo=%2Fadmin%2Fblog");
    const reused = await codeStep(again.cookie, firstCode);
    expect(reused.status).toBe(400);
    expect(reused.data).toMatchObject({ formError: MESSAGES.codeAlreadyUsed });
    // …and the challenge waits for the next one.
    const done = await codeStep(again.cookie, await totpCode(raw, 1));
    expect(done.location).toBe("/admin/blog");
    // The whole sign-in done: this browser becomes a known device (the lock-out lets it through).
    expect(done.headers.getSetCookie().join("\n")).toMatch(/^consulta\.device=[\w-]+\.[\w-]+;/m);
  });

  it("user:create on an existing account removes its factor (break-glass for the only administrator)", async () => {
    const email = "rota@example.com";
    await enrolledAccount(db, email);
    await upsertUserFromCli(db.db, { email, password: PASSWORD, role: "administrator" });
    const id = await userId(db, email);
    expect(await db.db.select().from(twoFactor).where(eq(twoFactor.userId, id))).toHaveLength(0);
    const { outcome, cookie } = await passwordStep(email);
    expect(outcome.location).toBe("/admin/blog");
    const guard = await run(dashboard.loader, { request: makeRequest("/admin", { cookie }) });
    expect(guard.location).toBe("/admin/cuenta");
  });

  it("signs in with password then TOTP code; the password alone gives no session", async () => {
    const email = "totp@example.com";
    await enrolledAccount(db, email);
    const { outcome, cookie } = await passwordStep(email);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/auth/verificacion?redirectTo=%2Fadmin%2Fblog");
    expect(cookie).toMatch(/consulta\.two_factor=/);
    expect(cookie).not.toMatch(/session_token/);
    const early = await run(dashboard.loader, { request: makeRequest("/admin", { cookie }) });
    expect(early.location).toMatch(/^\/auth\?redirectTo=/);

    const page = await run(verifyPage.loader, {
      request: makeRequest("/auth/verificacion?redirectTo=%2Fadmin%2Fblog", { cookie }),
    });
    expect(page.status).toBe(200);

    const done = await codeStep(cookie, await totpCode());
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/blog");
    const signedIn = cookieFrom(done.headers);
    expect(signedIn).toMatch(/session_token/);
    const admin = await run(dashboard.loader, {
      request: makeRequest("/admin", { cookie: signedIn }),
    });
    expect(admin.status).toBe(200);
    expect(await lastAudit(db, "login")).toMatchObject({
      actorEmail: email,
      details: { twoFactor: "totp" },
    });
    // The challenge is spent: the same cookie cannot make a second session.
    const replay = await codeStep(cookie, await totpCode());
    expect(replay.status).toBe(400);
  });

  it("a code works once: a second sign-in with it is refused, even one sent at the same instant", async () => {
    const email = "una-vez@example.com";
    await enrolledAccount(db, email);
    const first = await passwordStep(email);
    const second = await passwordStep(email);
    const code = await totpCode();
    expect((await codeStep(first.cookie, code)).location).toBe("/admin/blog");
    // Someone who saw the code (over a shoulder, through a page relaying it) cannot use it again.
    const replay = await codeStep(second.cookie, code);
    expect(replay.status).toBe(400);
    expect(replay.data).toMatchObject({ formError: MESSAGES.codeAlreadyUsed });
    expect(cookieFrom(replay.headers)).not.toMatch(/session_token/);
    expect(await lastAudit(db, "two_factor_failed")).toMatchObject({
      details: { method: "totp", reason: "CODE_ALREADY_USED" },
    });
    // An older code is refused too; the same challenge then takes the next one.
    expect((await codeStep(second.cookie, await totpCode(undefined, -1))).status).toBe(400);
    const next = await codeStep(second.cookie, await totpCode(undefined, 1));
    expect(next.location).toBe("/admin/blog");

    // Two sign-ins (two challenges, say on two instances) send one code at once: one wins.
    const other = "a-la-vez@example.com";
    await enrolledAccount(db, other);
    const [a, b] = [await passwordStep(other), await passwordStep(other)];
    const same = await totpCode();
    const both = await Promise.all([codeStep(a.cookie, same), codeStep(b.cookie, same)]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 400]);
    const opened = await db.db
      .select()
      .from(session)
      .where(eq(session.userId, await userId(db, other)));
    expect(opened).toHaveLength(1);
  });

  it("claims a step atomically: of many simultaneous uses of one code exactly one is accepted", async () => {
    const email = "carrera@example.com";
    await enrolledAccount(db, email);
    const id = await userId(db, email);
    const code = await totpCode();
    const uses = await Promise.all(Array.from({ length: 6 }, () => claimTotpCode(db.db, id, code)));
    expect(uses.filter((u) => u === "fresh")).toHaveLength(1);
    expect(uses.filter((u) => u === "used")).toHaveLength(5);
    expect(await claimTotpCode(db.db, id, code === "000000" ? "111111" : "000000")).toBe("wrong");
  });

  it("re-authentication takes a code once: not the one that signed in, not twice", async () => {
    const email = "reconfirma@example.com";
    await enrolledAccount(db, email);
    const signInCode = await totpCode();
    const { cookie: challenge } = await passwordStep(email);
    const cookie = cookieFrom((await codeStep(challenge, signInCode)).headers);
    const confirm = async (code: string, password = PASSWORD) =>
      run(reauthPage.action, {
        request: makeRequest("/auth/confirmar", {
          cookie,
          form: { password, code, redirectTo: "/admin/usuarios" },
        }),
        context: ctx(),
      });
    const same = await confirm(signInCode);
    expect(same.status).toBe(400);
    expect(same.data).toMatchObject({ formError: MESSAGES.codeAlreadyUsed });
    // A mistyped password does not spend a fresh code (and the answer names neither).
    const nextCode = await totpCode(undefined, 1);
    const typo = await confirm(nextCode, "otra cosa distinta");
    expect(typo.data).toMatchObject({ formError: "La contraseña o el código no son correctos." });
    const next = await confirm(nextCode);
    expect(next.location).toBe("/admin/usuarios");
    const twice = await confirm(nextCode);
    expect(twice.status).toBe(400);
    expect(twice.data).toMatchObject({ formError: MESSAGES.codeAlreadyUsed });
  });

  it("the enrolment's first code works once, even sent twice at the same instant", async () => {
    const email = "activa-doble@example.com";
    await upsertUserFromCli(db.db, { email, password: PASSWORD, role: "editor" });
    const { cookie } = await passwordStep(email);
    const post = (form: Record<string, string>) =>
      run(accountPage.action, {
        request: makeRequest("/admin/cuenta", { cookie, form }),
        context: ctx(),
      });
    expect((await post({ intent: "enable", password: PASSWORD })).status).toBe(302);
    const page = await run(accountPage.loader, {
      request: makeRequest("/admin/cuenta", { cookie }),
    });
    const secret = (page.data as { pending: { secret: string } }).pending.secret;
    const raw = new TextDecoder().decode(base32.decode(secret));
    const code = await totpCode(raw);
    const both = await Promise.all([
      post({ intent: "confirm", code, saved: "on" }),
      post({ intent: "confirm", code, saved: "on" }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 400]);
    expect(both.find((r) => r.status === 400)!.data).toMatchObject({
      fieldErrors: { code: [MESSAGES.codeAlreadyUsed] },
    });
    expect(
      await db.db
        .select()
        .from(session)
        .where(eq(session.userId, await userId(db, email))),
    ).toHaveLength(1);
  });

  it("refuses a wrong code (audited) and stops after 5 tries on one challenge", async () => {
    const email = "fallos@example.com";
    await enrolledAccount(db, email);
    const { cookie } = await passwordStep(email);
    const badFormat = await codeStep(cookie, "12ab");
    expect(badFormat.status).toBe(400);
    const good = await totpCode();
    const wrong = good === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const r = await codeStep(cookie, wrong);
      expect(r.status).toBe(400);
      expect(r.data).toMatchObject({ formError: "El código no es correcto." });
    }
    expect(await lastAudit(db, "two_factor_failed")).toMatchObject({
      details: { method: "totp", reason: "INVALID_CODE" },
    });
    const blocked = await codeStep(cookie, good);
    expect(blocked.status).toBe(429);
    // Even the right code cannot finish this challenge any more.
    const after = await codeStep(cookie, good);
    expect(after.status).not.toBe(302);
  });

  it("limits code attempts per client address", async () => {
    const email = "limite-ip@example.com";
    await enrolledAccount(db, email);
    const context = ctx();
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const { cookie } = await passwordStep(email, ctx());
      last = (await codeStep(cookie, "000001", "totp", context)).status;
    }
    expect(last).toBe(429);
  });

  it("right codes do not count towards that limit (staff share the practice's address)", async () => {
    const email = "misma-ip@example.com";
    await enrolledAccount(db, email);
    const context = ctx();
    for (let i = 0; i < 12; i++) {
      await forgetUsedCodes(db.db, await userId(db, email)); // (12 people, one account here)
      const { cookie } = await passwordStep(email, ctx());
      expect((await codeStep(cookie, await totpCode(), "totp", context)).status).toBe(302);
    }
  });

  it("a recovery code signs in once", async () => {
    const email = "recuperacion@example.com";
    await enrolledAccount(db, email);
    const first = await passwordStep(email);
    const done = await codeStep(first.cookie, TEST_RECOVERY_CODES[0]!.toLowerCase(), "recovery");
    // Codes are case-sensitive as generated; the lower-case version is not the code.
    expect(done.status).toBe(400);
    const ok = await codeStep(first.cookie, TEST_RECOVERY_CODES[0]!, "recovery");
    expect(ok.status).toBe(302);
    expect(cookieFrom(ok.headers)).toMatch(/session_token/);
    expect(await lastAudit(db, "login")).toMatchObject({ details: { twoFactor: "recovery" } });

    const second = await passwordStep(email);
    const reused = await codeStep(second.cookie, TEST_RECOVERY_CODES[0]!, "recovery");
    expect(reused.status).toBe(400);
    const other = await codeStep(second.cookie, TEST_RECOVERY_CODES[1]!, "recovery");
    expect(other.status).toBe(302);
  });

  it("a recovery code sent twice at the same instant signs in once", async () => {
    const email = "recuperacion-doble@example.com";
    await enrolledAccount(db, email);
    const [a, b] = [await passwordStep(email), await passwordStep(email)];
    const code = TEST_RECOVERY_CODES[2]!;
    const both = await Promise.all([
      codeStep(a.cookie, code, "recovery"),
      codeStep(b.cookie, code, "recovery"),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 400]);
  });

  it("an administrator resets another account's lost factor: audited, sessions ended, enrol again", async () => {
    const admin = await staffCookie(db.db, "administrator", "jefa@example.com");
    const editorCookie = await staffCookie(db.db, "editor", "perdido@example.com");
    const editorId = await userId(db, "perdido@example.com");
    const reset = await run(usersPage.action, {
      request: makeRequest("/admin/usuarios", {
        cookie: admin,
        form: { intent: "reset-2fa", userId: editorId },
      }),
      context: ctx(),
    });
    expect(reset.status).toBe(302);
    expect(await lastAudit(db, "two_factor_reset")).toMatchObject({
      actorEmail: "jefa@example.com",
      target: "perdido@example.com",
    });
    expect(await db.db.select().from(session).where(eq(session.userId, editorId))).toHaveLength(0);
    expect(await db.db.select().from(twoFactor).where(eq(twoFactor.userId, editorId))).toHaveLength(
      0,
    );
    const gone = await run(dashboard.loader, {
      request: makeRequest("/admin", { cookie: editorCookie }),
    });
    expect(gone.location).toMatch(/^\/auth\?/);
    // Next sign-in: password only, then the guard demands enrolment.
    const { outcome, cookie } = await passwordStep("perdido@example.com");
    expect(outcome.location).toBe("/admin/blog");
    const guard = await run(dashboard.loader, { request: makeRequest("/admin", { cookie }) });
    expect(guard.location).toBe("/admin/cuenta");

    const self = await run(usersPage.action, {
      request: makeRequest("/admin/usuarios", {
        cookie: admin,
        form: { intent: "reset-2fa", userId: await userId(db, "jefa@example.com") },
      }),
      context: ctx(),
    });
    expect(self.status).toBe(409);
    const editorTry = await run(usersPage.action, {
      request: makeRequest("/admin/usuarios", {
        cookie: await staffCookie(db.db, "editor", "otro-editor@example.com"),
        form: { intent: "reset-2fa", userId: editorId },
      }),
      context: ctx(),
    });
    expect(editorTry.status).toBe(403);
  });

  it("role changes, removals, settings and RGPD erase/export need a re-authentication in the last 10 minutes", async () => {
    const admin = await staffCookie(db.db, "administrator", "reauth@example.com");
    const adminId = await userId(db, "reauth@example.com");
    await staffCookie(db.db, "contributor", "colaboradora@example.com");
    const targetId = await userId(db, "colaboradora@example.com");
    await db.db
      .update(session)
      .set({ authenticatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(session.userId, adminId));

    const role = () =>
      run(usersPage.action, {
        request: makeRequest("/admin/usuarios", {
          cookie: admin,
          form: { intent: "role", userId: targetId, role: "editor" },
        }),
        context: ctx(),
      });
    const stale = await role();
    expect(stale.location).toBe("/auth/confirmar?redirectTo=%2Fadmin%2Fusuarios");
    const [unchanged] = await db.db.select().from(user).where(eq(user.id, targetId));
    expect(unchanged!.role).toBe("contributor");
    for (const form of [{ intent: "remove", userId: targetId }]) {
      const r = await run(usersPage.action, {
        request: makeRequest("/admin/usuarios", { cookie: admin, form }),
        context: ctx(),
      });
      expect(r.location).toMatch(/^\/auth\/confirmar\?/);
    }
    const settings = await run(settingsPage.action, {
      request: makeRequest("/admin/ajustes", { cookie: admin, form: { siteName: "X" } }),
      context: ctx(),
    });
    expect(settings.location).toBe("/auth/confirmar?redirectTo=%2Fadmin%2Fajustes");
    // RGPD erase and export: health data deleted or leaving the practice.
    const erase = await run(messagesPage.action, {
      request: makeRequest("/admin/mensajes", {
        cookie: admin,
        form: { intent: "erase", email: "paciente@example.com" },
      }),
      context: ctx(),
    });
    expect(erase.location).toBe("/auth/confirmar?redirectTo=%2Fadmin%2Fmensajes");
    const exported = await run(rgpdExport.action, {
      request: makeRequest("/admin/mensajes/exportar", {
        cookie: admin,
        form: { email: "paciente@example.com" },
      }),
      context: ctx(),
    });
    expect(exported.location).toBe("/auth/confirmar?redirectTo=%2Fadmin%2Fmensajes");
    // New recovery codes are a lasting way in: the same proof of identity.
    const codes = await run(accountPage.action, {
      request: makeRequest("/admin/cuenta", {
        cookie: admin,
        form: { intent: "codes", password: PASSWORD },
      }),
      context: ctx(),
    });
    expect(codes.location).toBe("/auth/confirmar?redirectTo=%2Fadmin%2Fcuenta");
    expect(await lastAudit(db, "messages_exported")).toBeUndefined();

    // The re-auth page asks the password and the code again.
    const page = await run(reauthPage.loader, {
      request: makeRequest("/auth/confirmar?redirectTo=%2Fadmin%2Fusuarios", { cookie: admin }),
    });
    expect(page.data).toMatchObject({ needsCode: true, redirectTo: "/admin/usuarios" });
    const noCode = await run(reauthPage.action, {
      request: makeRequest("/auth/confirmar", {
        cookie: admin,
        form: { password: PASSWORD, redirectTo: "/admin/usuarios" },
      }),
      context: ctx(),
    });
    expect(noCode.status).toBe(400);
    // (The current code signed this session in: the next one confirms.)
    const badPassword = await run(reauthPage.action, {
      request: makeRequest("/auth/confirmar", {
        cookie: admin,
        form: { password: "otra cosa distinta", code: await totpCode(undefined, 1) },
      }),
      context: ctx(),
    });
    expect(badPassword.status).toBe(400);
    const confirmed = await run(reauthPage.action, {
      request: makeRequest("/auth/confirmar", {
        cookie: admin,
        form: {
          password: PASSWORD,
          code: await totpCode(undefined, 1),
          redirectTo: "/admin/usuarios",
        },
      }),
      context: ctx(),
    });
    expect(confirmed.location).toBe("/admin/usuarios");
    expect(await lastAudit(db, "reauth")).toMatchObject({ actorEmail: "reauth@example.com" });
    const fresh = await role();
    expect(fresh.location).toBe("/admin/usuarios");
    const [changed] = await db.db.select().from(user).where(eq(user.id, targetId));
    expect(changed!.role).toBe("editor");
  });

  it("ends a session idle longer than ADMIN_IDLE_MINUTES and says why", async () => {
    const cookie = await staffCookie(db.db, "editor", "inactiva@example.com");
    const id = await userId(db, "inactiva@example.com");
    // Activity within the limit keeps it (and is recorded at most once a minute).
    await db.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 59 * 60_000) })
      .where(eq(session.userId, id));
    const active = await run(dashboard.loader, { request: makeRequest("/admin", { cookie }) });
    expect(active.status).toBe(200);
    const [touched] = await db.db.select().from(session).where(eq(session.userId, id));
    expect(Date.now() - touched!.lastActiveAt.getTime()).toBeLessThan(60_000);

    await db.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(session.userId, id));
    const idle = await run(dashboard.loader, { request: makeRequest("/admin", { cookie }) });
    expect(idle.status).toBe(302);
    expect(idle.location).toBe("/auth?redirectTo=%2Fadmin");
    expect(idle.headers.get("set-cookie") ?? "").toMatch(/toast/);
    expect(await db.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);
    expect(await lastAudit(db, "session_idle_timeout")).toMatchObject({
      actorEmail: "inactiva@example.com",
    });
    const events = await run(eventsApi.loader, {
      request: makeRequest("/api/eventos", { cookie }),
    });
    expect(events.status).toBe(401);
  });

  it("lists this person's sessions and ends one or all the others (audited)", async () => {
    const email = "sesiones@example.com";
    // staffCookie re-creates the account (ending its sessions): later sign-ins use the real steps.
    const a = await staffCookie(db.db, "administrator", email);
    const signInAgain = async () => {
      await forgetUsedCodes(db.db, await userId(db, email)); // (three devices, one period here)
      const { cookie } = await passwordStep(email);
      return cookieFrom((await codeStep(cookie, await totpCode())).headers);
    };
    const b = await signInAgain();
    const c = await signInAgain();
    const other = await staffCookie(db.db, "editor", "ajena@example.com");
    const page = await run(accountPage.loader, {
      request: makeRequest("/admin/cuenta", { cookie: a }),
    });
    const sessions = (page.data as { sessions: Array<{ id: string; current: boolean }> }).sessions;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const current = sessions.find((s) => s.current)!;

    // Someone else's session id is not found, and nothing is ended.
    const [foreign] = await db.db
      .select()
      .from(session)
      .where(eq(session.userId, await userId(db, "ajena@example.com")));
    const refused = await run(accountPage.action, {
      request: makeRequest("/admin/cuenta", {
        cookie: a,
        form: { intent: "end-session", sessionId: foreign!.id },
      }),
      context: ctx(),
    });
    expect(refused.status).toBe(404);
    expect(
      (await run(dashboard.loader, { request: makeRequest("/admin", { cookie: other }) })).status,
    ).toBe(200);

    const victim = sessions.find((s) => !s.current)!;
    const ended = await run(accountPage.action, {
      request: makeRequest("/admin/cuenta", {
        cookie: a,
        form: { intent: "end-session", sessionId: victim.id },
      }),
      context: ctx(),
    });
    expect(ended.status).toBe(302);
    expect(await lastAudit(db, "session_revoked")).toMatchObject({ actorEmail: email });
    const stillSignedIn = await Promise.all(
      [b, c].map(
        async (cookie) =>
          (await run(dashboard.loader, { request: makeRequest("/admin", { cookie }) })).status,
      ),
    );
    expect(stillSignedIn.sort()).toEqual([200, 302]);

    const others = await run(accountPage.action, {
      request: makeRequest("/admin/cuenta", { cookie: a, form: { intent: "end-others" } }),
      context: ctx(),
    });
    expect(others.status).toBe(302);
    expect(await lastAudit(db, "sessions_revoked_others")).toMatchObject({ actorEmail: email });
    const left = await db.db
      .select()
      .from(session)
      .where(and(eq(session.userId, await userId(db, email))));
    expect(left.map((s) => s.id)).toEqual([current.id]);
  });
});
