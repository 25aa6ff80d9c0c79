import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDbHandle } from "~/db/client.server";
import { auditLog, rateLimit, session, user } from "~/db/schema";
import { updateSettings } from "~/modules/settings/settings.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/schemas";
import { createTestDatabase, DRIVERS, type TestDatabase } from "../../../tests/support/db";
import { cookieFrom, linkFrom, readMails } from "../../../tests/support/routes";
import {
  changeRole,
  getSessionUser,
  removeUser,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
  upsertUserFromCli,
  verifyEmail,
} from "./accounts.server";
import { deliverDue } from "~/modules/mail/outbox.server";
import { COMMON_PASSWORD_COUNT, isCommonPassword } from "./passwords.server";
import { MESSAGES } from "./schemas";

const info = { ip: "198.51.100.1", userAgent: "vitest" };
const PASSWORD = "un paseo por el retiro";

let currentDb: TestDatabase | undefined;
/** Delivers the outbox (as the server's worker would), then reads what was sent to `email`. */
async function mailsTo(email: string) {
  if (currentDb) await deliverDue(currentDb.db);
  return readMails().filter((m) => m.includes(`To: ${email}`));
}

describe("password rules (D9)", () => {
  it("bundles at least 10,000 common passwords and refuses them, whatever the case", () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("PassWord")).toBe(true);
    expect(isCommonPassword("contraseña")).toBe(true);
    expect(isCommonPassword(PASSWORD)).toBe(false);
  });
});

describe.each(DRIVERS)("accounts (%s)", (driver) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
    currentDb = db;
    setDbHandle(db);
  });
  afterAll(async () => {
    setDbHandle(undefined);
    await db?.cleanup();
  });
  beforeEach(async () => {
    await db.db.delete(user);
    await db.db.delete(rateLimit);
    await db.db.delete(auditLog);
    await updateSettings(db.db, DEFAULT_SETTINGS);
  });

  it("makes the first account administrator and signs it in; the second is a contributor who must confirm", async () => {
    const first = await signUp(
      db.db,
      { name: "Ana", email: "ana@example.com", password: PASSWORD },
      info,
    );
    expect(first).toMatchObject({ ok: true, firstAccount: true });
    if (!first.ok) return;
    const me = await getSessionUser(db.db, cookieFrom(first.headers));
    expect(me).toMatchObject({ email: "ana@example.com", role: "administrator" });

    const second = await signUp(
      db.db,
      { name: "Luis", email: "LUIS@example.com ", password: PASSWORD },
      info,
    );
    expect(second).toMatchObject({ ok: true, firstAccount: false });
    const [luis] = await db.db.select().from(user).where(eq(user.email, "luis@example.com"));
    expect(luis).toMatchObject({ role: "contributor", emailVerified: false });

    // Not confirmed yet: no session.
    const refused = await signIn(db.db, { email: "luis@example.com", password: PASSWORD }, info);
    expect(refused).toMatchObject({ ok: false, status: 403, formError: MESSAGES.emailNotVerified });

    const link = linkFrom((await mailsTo("luis@example.com")).at(-1)!, "/auth/verificar");
    const token = decodeURIComponent(new URL(link).searchParams.get("token")!);
    expect(await verifyEmail(db.db, token, info)).toBe(true);
    const accepted = await signIn(db.db, { email: "luis@example.com", password: PASSWORD }, info);
    expect(accepted.ok).toBe(true);
  });

  it("answers an already registered e-mail with the spec's message and stores nothing new", async () => {
    await signUp(db.db, { name: "Ana", email: "ana@example.com", password: PASSWORD }, info);
    const again = await signUp(
      db.db,
      { name: "Otra", email: "ana@example.com", password: PASSWORD + "!" },
      info,
    );
    expect(again).toMatchObject({ ok: false, status: 409, formError: MESSAGES.alreadyRegistered });
    expect(await db.db.select().from(user)).toHaveLength(1);
  });

  it("refuses public sign-up when Ajustes turns it off (but never for the first account)", async () => {
    await updateSettings(db.db, { ...DEFAULT_SETTINGS, allowSignup: false });
    const first = await signUp(
      db.db,
      { name: "Ana", email: "ana@example.com", password: PASSWORD },
      info,
    );
    expect(first.ok).toBe(true);
    const second = await signUp(
      db.db,
      { name: "Luis", email: "luis@example.com", password: PASSWORD },
      info,
    );
    expect(second).toMatchObject({ ok: false, status: 403, formError: MESSAGES.signupClosed });
  });

  it("applies the password rules in Spanish", async () => {
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
    expect(missing).toMatchObject({ ok: false, status: 400, formError: MESSAGES.fillAll });
    expect(await db.db.select().from(user)).toHaveLength(0);
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
    expect(await getSessionUser(db.db, cookieA)).toBeNull();
    expect(await getSessionUser(db.db, cookieB)).not.toBeNull();
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
    const admin = (await getSessionUser(db.db, cookieFrom(ana.headers)))!;

    expect(await changeRole(db.db, admin, luis.userId, "editor", info)).toEqual({ ok: true });
    expect(await getSessionUser(db.db, cookieFrom(luis.headers))).toBeNull();
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

  it("limits sign-in per IP (429) and slows down one account after 5 failures", async () => {
    await upsertUserFromCli(db.db, {
      email: "ana@example.com",
      password: PASSWORD,
      role: "editor",
    });
    for (let i = 0; i < 5; i++) {
      const r = await signIn(
        db.db,
        { email: "ana@example.com", password: "mal" + i },
        { ...info, ip: `10.0.0.${i}` },
      );
      expect(r).toMatchObject({ ok: false, formError: MESSAGES.badCredentials });
    }
    // Even the right password must wait after the 5th failure.
    const blocked = await signIn(
      db.db,
      { email: "ana@example.com", password: PASSWORD },
      { ...info, ip: "10.0.1.1" },
    );
    expect(blocked).toMatchObject({ ok: false, status: 429, formError: MESSAGES.tooManyAttempts });

    const ip = { ...info, ip: "192.0.2.50" };
    for (let i = 0; i < 10; i++) {
      const r = await signIn(db.db, { email: `nadie${i}@example.com`, password: "x" }, ip);
      expect(r.ok).toBe(false);
      expect((r as { status: number }).status).toBe(400);
    }
    const eleventh = await signIn(db.db, { email: "otra@example.com", password: "x" }, ip);
    expect(eleventh).toMatchObject({ ok: false, status: 429 });
    expect((await db.db.select().from(auditLog)).some((r) => r.action === "login_failed")).toBe(
      true,
    );
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
