import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { sql } from "drizzle-orm";
import { auditLog, rateLimit, session, user, verification } from "~/db/schema";
import { updateSettings } from "~/modules/settings/settings.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/schemas";
import { DRIVERS, type TestDatabase, useTestDatabase } from "../../../tests/support/db";
import { cookieFrom, decodeMail, linkFrom, readMails } from "../../../tests/support/routes";
import { upsertUserFromCli } from "./accounts.server";
import { DEVICE_COOKIE } from "./known-device.server";
import { requestPasswordReset, resetPassword, settleAccountsWork } from "./password-reset.server";
import { signIn, signOut } from "./sign-in.server";
import { signUp, verifyEmail } from "./sign-up.server";
import { approveUser, changeRole, removeUser } from "./staff.server";
import { deliverDue } from "~/platform/mail/outbox.server";
import { COMMON_PASSWORD_COUNT, isCommonPassword } from "./passwords.server";
import { MESSAGES, safeRedirect } from "./schemas";
import { getSessionState } from "./sessions.server";
import { completeSetup, ensureSetupLink, setupLinkState, setupTokenValid } from "./setup.server";

const info = { ip: "198.51.100.1", userAgent: "vitest" };
const PASSWORD = "un paseo por el retiro";

let currentDb: TestDatabase | undefined;
/** Delivers the outbox (as the server's worker would), then reads what was sent to `email`. */
async function mailsTo(email: string) {
  if (currentDb) await deliverDue(currentDb.db);
  return readMails().filter((m) => m.includes(`To: ${email}`));
}

/** The staff member a cookie signs in, as the guard sees it, or null. */
async function sessionUser(db: Db, cookie: string | null) {
  return (await getSessionState(db, cookie))?.user ?? null;
}

describe("password rules (docs/decisions/007)", () => {
  it("bundles at least 10,000 common passwords and refuses them, whatever the case", () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("PassWord")).toBe(true);
    expect(isCommonPassword("contraseña")).toBe(true);
    expect(isCommonPassword(PASSWORD)).toBe(false);
  });
});

describe("safeRedirect (open redirect)", () => {
  const ORIGIN = "https://consulta.example";
  it.each([
    ["/\t/evil.example"],
    ["/%09/evil.example".replace("%09", "\t")],
    ["/\n/evil.example"],
    ["/\r/evil.example"],
    ["/\r\nSet-Cookie: x=1"],
    ["/\u0000/evil.example"],
    ["/\u007f/evil.example"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\\/evil.example"],
    ["https:evil.example"],
    ["https://evil.example/admin"],
    ["http://consulta.example/admin"],
    ["javascript:alert(1)"],
    // Dot segments that resolve to a scheme-relative "//evil.example".
    ["/.//evil.example"],
    ["/..//evil.example"],
    ["/a/..//evil.example/login"],
    ["/%2e//evil.example"],
    ["/%2E%2E//evil.example"],
    ["evil.example"],
    [" /admin"],
    [""],
  ])("refuses %j", (hostile) => {
    expect(safeRedirect(hostile, "/admin", ORIGIN)).toBe("/admin");
  });
  it.each([
    ["/admin/usuarios", "/admin/usuarios"],
    ["/admin/blog?pagina=2#lista", "/admin/blog?pagina=2#lista"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/admin/../blog", "/blog"],
  ])("keeps %j on this site", (given, expected) => {
    expect(safeRedirect(given, "/admin", ORIGIN)).toBe(expected);
  });
});

describe.each(DRIVERS)("accounts (%s)", (driver) => {
  const db = useTestDatabase(driver);
  beforeAll(() => {
    currentDb = db;
  });
  beforeEach(async () => {
    await db.db.delete(user);
    await db.db.delete(rateLimit);
    await db.db.delete(auditLog);
    await updateSettings(db.db, DEFAULT_SETTINGS);
  });

  async function clearIpLimits() {
    await db.db.execute(sql`delete from rate_limit where key like 'signin-ip:%'`);
  }

  async function openSignUp() {
    await upsertUserFromCli(db.db, {
      email: "admin@example.com",
      password: PASSWORD,
      role: "administrator",
    });
    await updateSettings(db.db, { ...DEFAULT_SETTINGS, allowSignup: true });
  }

  it("refuses public sign-up by default and on a site without accounts: nobody becomes administrator by arriving first", async () => {
    expect(DEFAULT_SETTINGS.allowSignup).toBe(false);
    await updateSettings(db.db, { ...DEFAULT_SETTINGS, allowSignup: true });
    const first = await signUp(
      db.db,
      { name: "Ana", email: "ana@example.com", password: PASSWORD },
      info,
    );
    expect(first).toMatchObject({ ok: false, status: 403, formError: MESSAGES.signupClosed });
    expect(await db.db.select().from(user)).toHaveLength(0);

    await upsertUserFromCli(db.db, {
      email: "admin@example.com",
      password: PASSWORD,
      role: "administrator",
    });
    await updateSettings(db.db, DEFAULT_SETTINGS);
    const second = await signUp(
      db.db,
      { name: "Luis", email: "luis@example.com", password: PASSWORD },
      info,
    );
    expect(second).toMatchObject({ ok: false, status: 403, formError: MESSAGES.signupClosed });
  });

  it("a self-registered account must confirm its e-mail and then waits, with no session, until an administrator approves it", async () => {
    await openSignUp();
    const admin = await signIn(db.db, { email: "admin@example.com", password: PASSWORD }, info);
    if (!admin.ok) throw new Error("sign-in failed");
    const me = (await sessionUser(db.db, cookieFrom(admin.headers)))!;

    const created = await signUp(
      db.db,
      { name: "Luis", email: "LUIS@example.com ", password: PASSWORD },
      info,
    );
    expect(created).toEqual({ ok: true });
    const [luis] = await db.db.select().from(user).where(eq(user.email, "luis@example.com"));
    expect(luis).toMatchObject({ role: "contributor", emailVerified: false, approvedAt: null });

    const refused = await signIn(db.db, { email: "luis@example.com", password: PASSWORD }, info);
    expect(refused).toMatchObject({ ok: false, status: 403, formError: MESSAGES.emailNotVerified });

    const link = linkFrom((await mailsTo("luis@example.com")).at(-1)!, "/auth/verificar");
    const token = decodeURIComponent(new URL(link).searchParams.get("token")!);
    expect(await verifyEmail(db.db, token, info)).toBe(true);
    const [verified] = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "email_verified"));
    expect(verified).toMatchObject({ target: "luis@example.com" });

    const pending = await signIn(db.db, { email: "luis@example.com", password: PASSWORD }, info);
    expect(pending).toMatchObject({ ok: false, status: 403, formError: MESSAGES.pendingApproval });
    expect(await db.db.select().from(session).where(eq(session.userId, luis!.id))).toHaveLength(0);
    // A wrong password tells nothing about the pending state.
    const wrong = await signIn(db.db, { email: "luis@example.com", password: "otra cosa" }, info);
    expect(wrong).toMatchObject({ ok: false, status: 400, formError: MESSAGES.badCredentials });

    expect(await approveUser(db.db, me, luis!.id, info)).toMatchObject({ ok: true });
    expect(await approveUser(db.db, me, luis!.id, info)).toMatchObject({ ok: false, status: 409 });
    const [approved] = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user_approved"));
    expect(approved).toMatchObject({ target: "luis@example.com", actorEmail: "admin@example.com" });
    const accepted = await signIn(db.db, { email: "luis@example.com", password: PASSWORD }, info);
    expect(accepted.ok).toBe(true);
    if (accepted.ok) {
      expect(await sessionUser(db.db, cookieFrom(accepted.headers))).toMatchObject({
        role: "contributor",
      });
    }
  });

  it("a session of an account that is (again) pending is refused by the guard", async () => {
    await upsertUserFromCli(db.db, {
      email: "ana@example.com",
      password: PASSWORD,
      role: "editor",
    });
    const r = await signIn(db.db, { email: "ana@example.com", password: PASSWORD }, info);
    if (!r.ok) throw new Error("sign-in failed");
    expect(await sessionUser(db.db, cookieFrom(r.headers))).not.toBeNull();
    await db.db.update(user).set({ approvedAt: null }).where(eq(user.id, r.userId));
    expect(await sessionUser(db.db, cookieFrom(r.headers))).toBeNull();
  });

  it("answers sign-up the same for a registered e-mail, stores nothing and tells the owner by e-mail", async () => {
    await openSignUp();
    const fresh = await signUp(
      db.db,
      { name: "Luis", email: "luis@example.com", password: PASSWORD },
      info,
    );
    const again = await signUp(
      db.db,
      { name: "Otra", email: "admin@example.com", password: PASSWORD + "!" },
      info,
    );
    expect(again).toEqual(fresh);
    expect(await db.db.select().from(user)).toHaveLength(2);
    const mails = await mailsTo("admin@example.com");
    expect(decodeMail(mails.at(-1)!)).toContain(
      "Alguien ha intentado crear una cuenta con tu email",
    );
    expect(decodeMail(mails.at(-1)!)).not.toContain(PASSWORD + "!");
  });

  it("applies the password rules in Spanish", async () => {
    await openSignUp();
    const short = await signUp(
      db.db,
      { name: "Ana", email: "ana@example.com", password: "corta" },
      info,
    );
    expect(short).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { password: [MESSAGES.passwordMin] },
    });
    const long = await signUp(
      db.db,
      { name: "Ana", email: "ana@example.com", password: "x".repeat(129) },
      info,
    );
    expect(long).toMatchObject({ ok: false, fieldErrors: { password: [MESSAGES.passwordMax] } });
    const common = await signUp(
      db.db,
      { name: "Ana", email: "ana@example.com", password: "password123" },
      info,
    );
    expect(common).toMatchObject({
      ok: false,
      fieldErrors: { password: [MESSAGES.passwordCommon] },
    });
    const missing = await signIn(db.db, { email: "", password: "" }, info);
    expect(missing).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: [MESSAGES.fillAll], password: [MESSAGES.fillAll] },
    });
    expect(await db.db.select().from(user)).toHaveLength(1);
  });

  it("gives a new session id at every sign-in and a signed-out cookie no longer works", async () => {
    await upsertUserFromCli(db.db, {
      email: "ana@example.com",
      password: PASSWORD,
      name: "Ana",
      role: "editor",
    });
    const a = await signIn(db.db, { email: "ana@example.com", password: PASSWORD }, info);
    const b = await signIn(db.db, { email: "ana@example.com", password: PASSWORD }, info);
    if (!a.ok || !b.ok) throw new Error("sign-in failed");
    const cookieA = cookieFrom(a.headers);
    const cookieB = cookieFrom(b.headers);
    expect(cookieA).toMatch(/session_token=/);
    expect(cookieA).not.toBe(cookieB);
    expect(a.headers.getSetCookie().join("\n")).toMatch(/HttpOnly/i);
    expect(a.headers.getSetCookie().join("\n")).toMatch(/SameSite=Lax/i);

    await signOut(db.db, cookieA, info);
    expect(await sessionUser(db.db, cookieA)).toBeNull();
    expect(await sessionUser(db.db, cookieB)).not.toBeNull();
  });

  it("ends every session of a user whose role changes; keeps the last administrator", async () => {
    await upsertUserFromCli(db.db, {
      email: "ana@example.com",
      password: PASSWORD,
      role: "administrator",
    });
    await upsertUserFromCli(db.db, {
      email: "luis@example.com",
      password: PASSWORD,
      role: "contributor",
    });
    const ana = await signIn(db.db, { email: "ana@example.com", password: PASSWORD }, info);
    const luis = await signIn(db.db, { email: "luis@example.com", password: PASSWORD }, info);
    if (!ana.ok || !luis.ok) throw new Error("sign-in failed");
    const admin = (await sessionUser(db.db, cookieFrom(ana.headers)))!;

    expect(await changeRole(db.db, admin, luis.userId, "editor", info)).toEqual({ ok: true });
    expect(await sessionUser(db.db, cookieFrom(luis.headers))).toBeNull();
    const [row] = await db.db.select().from(user).where(eq(user.id, luis.userId));
    expect(row!.role).toBe("editor");

    const demoteSelf = await changeRole(db.db, admin, admin.id, "editor", info);
    expect(demoteSelf).toMatchObject({ ok: false, status: 409 });
    expect(await changeRole(db.db, admin, luis.userId, "superuser", info)).toMatchObject({
      ok: false,
      status: 400,
    });

    expect(await removeUser(db.db, admin, admin.id, info)).toMatchObject({
      ok: false,
      formError: "No puedes eliminar tu propia cuenta.",
    });
    expect(await removeUser(db.db, admin, luis.userId, info)).toMatchObject({ ok: true });
    expect(await db.db.select().from(session).where(eq(session.userId, luis.userId))).toHaveLength(
      0,
    );

    const actions = (await db.db.select().from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["login", "role_changed", "user_removed"]));
  });

  it("limits sign-in per IP (429) and slows down one account from one client after 5 failures", async () => {
    await upsertUserFromCli(db.db, {
      email: "ana@example.com",
      password: PASSWORD,
      role: "editor",
    });
    const attacker = { ...info, ip: "10.0.0.9" };
    for (let i = 0; i < 5; i++) {
      const r = await signIn(db.db, { email: "ana@example.com", password: "mal" + i }, attacker);
      expect(r).toMatchObject({ ok: false, formError: MESSAGES.badCredentials });
    }
    // From that client even the right password must wait after the 5th failure…
    const blocked = await signIn(db.db, { email: "ana@example.com", password: PASSWORD }, attacker);
    expect(blocked).toMatchObject({ ok: false, status: 429, formError: MESSAGES.tooManyAttempts });
    // …but the owner, from another client, is not locked out.
    const owner = await signIn(
      db.db,
      { email: "ana@example.com", password: PASSWORD },
      { ...info, ip: "10.0.1.1" },
    );
    expect(owner.ok).toBe(true);

    const ip = { ...info, ip: "192.0.2.50" };
    for (let i = 0; i < 10; i++) {
      const r = await signIn(db.db, { email: `nadie${i}@example.com`, password: "x" }, ip);
      expect(r.ok).toBe(false);
      expect((r as { status: number }).status).toBe(400);
    }
    const eleventh = await signIn(db.db, { email: "otra@example.com", password: "x" }, ip);
    expect(eleventh).toMatchObject({ ok: false, status: 429 });
    // Right passwords do not count: the staff of the practice share one address.
    const office = { ...info, ip: "192.0.2.60" };
    for (let i = 0; i < 12; i++) {
      const r = await signIn(db.db, { email: "ana@example.com", password: PASSWORD }, office);
      expect(r.ok, `inicio ${i + 1}`).toBe(true);
    }
    expect((await db.db.select().from(auditLog)).some((r) => r.action === "login_failed")).toBe(
      true,
    );
    // A few dozen scrypt hashes (on purpose slow): more than 30 s on a loaded 2-core machine.
  }, 120_000);

  it("lets a correct password through from a browser where the account signed in before, even from a blocked client", async () => {
    await upsertUserFromCli(db.db, {
      email: "ana@example.com",
      password: PASSWORD,
      role: "administrator",
    });
    const office = { ...info, ip: "10.0.0.20" };
    const first = await signIn(db.db, { email: "ana@example.com", password: PASSWORD }, office);
    if (!first.ok) throw new Error("sign-in failed");
    const device = first.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
      .split(";")[0]!;
    expect(device).toBeTruthy();
    // Someone else behind the same address (a shared NAT) fails on purpose.
    for (let i = 0; i < 8; i++) {
      await signIn(db.db, { email: "ana@example.com", password: "mal" + i }, office);
    }
    await clearIpLimits();
    const stranger = await signIn(db.db, { email: "ana@example.com", password: PASSWORD }, office);
    expect(stranger).toMatchObject({ ok: false, status: 429 });
    // A device cookie is bound to its account and to the secret: forged or foreign ones fail.
    const forged = device.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const other = await signIn(
      db.db,
      { email: "ana@example.com", password: PASSWORD },
      office,
      forged,
    );
    expect(other).toMatchObject({ ok: false, status: 429 });
    const known = await signIn(
      db.db,
      { email: "ana@example.com", password: PASSWORD },
      office,
      device,
    );
    expect(known.ok).toBe(true);
    // The device cookie never helps a wrong password.
    const wrong = await signIn(
      db.db,
      { email: "ana@example.com", password: "mal" },
      office,
      device,
    );
    expect(wrong).toMatchObject({ ok: false, status: 400 });
  });

  it("forgets failures after a day without failures", async () => {
    await upsertUserFromCli(db.db, {
      email: "ana@example.com",
      password: PASSWORD,
      role: "editor",
    });
    const client = { ...info, ip: "10.0.0.30" };
    for (let i = 0; i < 9; i++) {
      await signIn(db.db, { email: "ana@example.com", password: "mal" + i }, client);
    }
    expect(
      await signIn(db.db, { email: "ana@example.com", password: PASSWORD }, client),
    ).toMatchObject({
      ok: false,
      status: 429,
    });
    await db.db.execute(
      sql`update rate_limit set window_start = now() - interval '25 hours' where key like 'signin-fail%'`,
    );
    await clearIpLimits();
    // One more failure starts a new count instead of lengthening the wait.
    await signIn(db.db, { email: "ana@example.com", password: "otra vez mal" }, client);
    expect((await signIn(db.db, { email: "ana@example.com", password: PASSWORD }, client)).ok).toBe(
      true,
    );
  });

  it("e-mails the owner at the 5th failure and every 10th after it, at most once an hour, and when the failure budget is spent, without the password tried", async () => {
    await upsertUserFromCli(db.db, {
      email: "ana@example.com",
      password: PASSWORD,
      role: "editor",
    });
    const tries = (n: number, from: number) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          signIn(
            db.db,
            { email: "ana@example.com", password: `secreto-probado-${from + i}` },
            { ...info, ip: `10.9.${from + i}.1` },
          ),
        ),
      );
    const before = (await mailsTo("ana@example.com")).length;
    for (let i = 0; i < 4; i++) await tries(1, i);
    expect(await mailsTo("ana@example.com")).toHaveLength(before);
    await tries(1, 4);
    const mails = await mailsTo("ana@example.com");
    expect(mails).toHaveLength(before + 1);
    expect(decodeMail(mails.at(-1)!)).toContain("intentos fallidos");
    expect(mails.at(-1)).not.toContain("secreto-probado");
    // The 15th failure comes within the hour: no second e-mail.
    for (let i = 5; i < 15; i++) await tries(1, i);
    expect(await mailsTo("ana@example.com")).toHaveLength(before + 1);
    // The 20th spends the account's failure budget: that notice goes whatever the hour, once.
    for (let i = 15; i < 20; i++) await tries(1, i);
    const spent = await mailsTo("ana@example.com");
    expect(spent).toHaveLength(before + 2);
    expect(decodeMail(spent.at(-1)!)).toContain("un enlace que te enviaremos");
    // An hour later, the 25th is told as usual.
    await db.db.execute(
      sql`update rate_limit set window_start = now() - interval '2 hours' where key like 'signin-notice:%'`,
    );
    for (let i = 20; i < 25; i++) await tries(1, i);
    const later = await mailsTo("ana@example.com");
    expect(later).toHaveLength(before + 3);
    expect(decodeMail(later.at(-1)!)).not.toContain("un enlace que te enviaremos");
    expect(later.join("\n")).not.toContain("secreto-probado");
    // Unknown addresses: nobody to tell, nothing sent.
    for (let i = 0; i < 5; i++) {
      await signIn(
        db.db,
        { email: "nadie@example.com", password: "x" },
        { ...info, ip: `10.8.${i}.1` },
      );
    }
    expect(await mailsTo("nadie@example.com")).toHaveLength(0);
  });

  it("a completed reset voids the account's other reset links, and the audit names the account", async () => {
    await upsertUserFromCli(db.db, {
      email: "ana@example.com",
      password: PASSWORD,
      role: "editor",
    });
    await requestPasswordReset(db.db, { email: "ana@example.com" }, info);
    await requestPasswordReset(db.db, { email: "ana@example.com" }, info);
    await settleAccountsWork();
    const mails = await mailsTo("ana@example.com");
    const [a, b] = mails
      .slice(-2)
      .map((m) => new URL(linkFrom(m, "/auth/restablecer")).searchParams.get("token")!);
    expect(a).not.toBe(b);
    // At rest only a hash of each token is stored.
    const stored = await db.db.select().from(verification);
    expect(stored.some((v) => v.identifier.includes(a!) || v.identifier.includes(b!))).toBe(false);
    const ok = await resetPassword(
      db.db,
      { token: b!, password: "nueva frase segura", confirm: "nueva frase segura" },
      info,
    );
    expect(ok).toEqual({ ok: true });
    const stale = await resetPassword(
      db.db,
      { token: a!, password: "otra frase segura", confirm: "otra frase segura" },
      info,
    );
    expect(stale).toMatchObject({ ok: false, formError: MESSAGES.invalidToken });
    const [entry] = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "password_reset"));
    expect(entry).toMatchObject({ target: "ana@example.com", actorEmail: "ana@example.com" });
  });

  it("resets a password through a single-use e-mail link and answers the same for unknown e-mails", async () => {
    await upsertUserFromCli(db.db, {
      email: "ana@example.com",
      password: PASSWORD,
      role: "editor",
    });
    const before = (await mailsTo("ana@example.com")).length;
    expect(await requestPasswordReset(db.db, { email: "ana@example.com" }, info)).toEqual({
      ok: true,
    });
    expect(await requestPasswordReset(db.db, { email: "nadie@example.com" }, info)).toEqual({
      ok: true,
    });
    await settleAccountsWork();
    expect(await mailsTo("nadie@example.com")).toHaveLength(0);
    const mails = await mailsTo("ana@example.com");
    expect(mails.length).toBe(before + 1);
    const token = new URL(linkFrom(mails.at(-1)!, "/auth/restablecer")).searchParams.get("token")!;

    const mismatch = await resetPassword(
      db.db,
      { token, password: "nueva frase segura", confirm: "otra" },
      info,
    );
    expect(mismatch).toMatchObject({
      ok: false,
      fieldErrors: { confirm: [MESSAGES.passwordMismatch] },
    });
    const ok = await resetPassword(
      db.db,
      { token, password: "nueva frase segura", confirm: "nueva frase segura" },
      info,
    );
    expect(ok).toEqual({ ok: true });
    const reused = await resetPassword(
      db.db,
      { token, password: "otra frase segura", confirm: "otra frase segura" },
      info,
    );
    expect(reused).toMatchObject({ ok: false, formError: MESSAGES.invalidToken });

    expect((await signIn(db.db, { email: "ana@example.com", password: PASSWORD }, info)).ok).toBe(
      false,
    );
    expect(
      (await signIn(db.db, { email: "ana@example.com", password: "nueva frase segura" }, info)).ok,
    ).toBe(true);
  });

  it("creates the first administrator once with the setup link, even with simultaneous uses", async () => {
    const link = await ensureSetupLink(db.db);
    expect(link).toMatch(/\/auth\/configurar\?token=/);
    const token = new URL(link!).searchParams.get("token")!;
    // Only a hash is stored.
    const stored = await db.db.select().from(verification);
    expect(stored.some((v) => v.value.includes(token) || v.identifier.includes(token))).toBe(false);
    expect(await setupTokenValid(db.db, token)).toBe(true);
    expect(await setupTokenValid(db.db, token + "x")).toBe(false);
    const wrong = await completeSetup(
      db.db,
      token + "x",
      { name: "Eve", email: "eve@example.com", password: PASSWORD },
      info,
    );
    expect(wrong).toMatchObject({ ok: false, status: 403, formError: MESSAGES.setupInvalid });
    // Before any account: the form for the link, the invalid-link message for anything else.
    expect(await setupLinkState(db.db, token)).toBe("valid");
    expect(await setupLinkState(db.db, token + "x")).toBe("invalid");

    const results = await Promise.all(
      ["ana", "eve", "mallory"].map((who) =>
        completeSetup(
          db.db,
          token,
          { name: who, email: `${who}@example.com`, password: PASSWORD },
          info,
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const users = await db.db.select().from(user);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ role: "administrator", emailVerified: true });
    expect(users[0]!.approvedAt).not.toBeNull();
    const again = await completeSetup(
      db.db,
      token,
      { name: "Eve", email: "eve2@example.com", password: PASSWORD },
      info,
    );
    // A used link says so, and whoever opens it is sent to sign in (the page links to /auth).
    expect(again).toMatchObject({ ok: false, status: 403, formError: MESSAGES.setupUsed });
    expect(await setupLinkState(db.db, token)).toBe("used");
    expect(await setupLinkState(db.db, "")).toBe("used");
    // With an account, no new link is made.
    expect(await ensureSetupLink(db.db)).toBeNull();
    const signedIn = await signIn(db.db, { email: users[0]!.email, password: PASSWORD }, info);
    expect(signedIn.ok).toBe(true);
  });

  it("creates or updates staff from the command line", async () => {
    expect(
      await upsertUserFromCli(db.db, {
        email: "ana@example.com",
        password: PASSWORD,
        role: "editor",
      }),
    ).toEqual({ ok: true, created: true });
    expect(
      await upsertUserFromCli(db.db, {
        email: "ana@example.com",
        password: "otra frase larga",
        role: "administrator",
      }),
    ).toEqual({ ok: true, created: false });
    const [ana] = await db.db.select().from(user);
    expect(ana).toMatchObject({ role: "administrator", emailVerified: true });
    expect(
      (await signIn(db.db, { email: "ana@example.com", password: "otra frase larga" }, info)).ok,
    ).toBe(true);
    expect(
      await upsertUserFromCli(db.db, { email: "x", password: PASSWORD, role: "editor" }),
    ).toMatchObject({ ok: false });
    expect(
      await upsertUserFromCli(db.db, { email: "b@example.com", password: PASSWORD, role: "jefe" }),
    ).toEqual({
      ok: false,
      error: "El rol debe ser administrator, editor o contributor",
    });
  });
});
