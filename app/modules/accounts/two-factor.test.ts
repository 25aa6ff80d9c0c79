import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { DRIVERS, type TestDatabase, useTestDatabase } from "../../../tests/support/db";
import { enrolTotp, staffCookie } from "../../../tests/support/routes";
import type { SessionUser } from "./accounts.server";
import { isRole } from "./roles";
import {
  CODE_LIMIT,
  confirmEnrolment,
  disableOwnTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
} from "./two-factor.server";

const PASSWORD = "una frase de prueba larga";
const info = { ip: "198.51.100.77", userAgent: "vitest" };

/** A signed-in account of its own (the per-person limit is keyed by it), maybe with a factor. */
async function signedIn(db: TestDatabase, email: string, role = "contributor", enrolled = false) {
  const cookie = await staffCookie(db.db, role, email);
  const [row] = await db.db.select().from(user).where(eq(user.email, email));
  if (enrolled) await enrolTotp(db.db, row!.id);
  if (!isRole(row!.role)) throw new Error("rol inesperado");
  const actor: SessionUser = { id: row!.id, name: row!.name, email, role: row!.role };
  return { cookie, actor };
}

/**
 * Mi cuenta's operations that ask the password again share one check: the password must be typed,
 * each attempt is counted per person, a wrong password is said under the field, and the plugin's
 * "already on" / "not on" become a 409 with a Spanish message.
 */
describe.each(DRIVERS)("two-factor operations that ask the password (%s)", (driver) => {
  const db = useTestDatabase(driver);

  it("asks for the password before anything else, without spending an attempt", async () => {
    const { cookie, actor } = await signedIn(db, "sin-clave@example.com");
    for (let i = 0; i < CODE_LIMIT.limit + 1; i++) {
      for (const password of [undefined, "", "x".repeat(129)]) {
        const started = await startEnrolment(db.db, cookie, actor, password, info);
        expect(started).toEqual({
          ok: false,
          status: 400,
          fieldErrors: { password: ["Escribe tu contraseña"] },
        });
      }
    }
    // None of those counted: the right password still works.
    expect(await startEnrolment(db.db, cookie, actor, PASSWORD, info)).toEqual({ ok: true });
  });

  it("says a wrong password under the field, for each operation", async () => {
    const { cookie, actor } = await signedIn(db, "clave-mala@example.com", "contributor", true);
    const wrong = {
      ok: false,
      status: 400,
      fieldErrors: { password: ["La contraseña no es correcta."] },
    };
    expect(await startEnrolment(db.db, cookie, actor, "no es la contraseña", info)).toEqual(wrong);
    expect(await regenerateRecoveryCodes(db.db, cookie, actor, "no es la", info)).toEqual(wrong);
    expect(await disableOwnTwoFactor(db.db, cookie, actor, "no es la", info)).toEqual(wrong);
  });

  it("answers 409 when the factor is already on, or not on yet", async () => {
    const off = await signedIn(db, "sin-factor@example.com");
    expect(await regenerateRecoveryCodes(db.db, off.cookie, off.actor, PASSWORD, info)).toEqual({
      ok: false,
      status: 409,
      formError: "La verificación en dos pasos no está activada.",
    });
    const on = await signedIn(db, "con-factor@example.com", "contributor", true);
    expect(await startEnrolment(db.db, on.cookie, on.actor, PASSWORD, info)).toEqual({
      ok: false,
      status: 409,
      formError: "La verificación en dos pasos ya está activada.",
    });
  });

  it("new codes and switching off work with the right password", async () => {
    const { cookie, actor } = await signedIn(db, "con-clave@example.com", "contributor", true);
    const codes = await regenerateRecoveryCodes(db.db, cookie, actor, PASSWORD, info);
    expect(codes.ok && codes.backupCodes.length).toBe(10);
    const off = await disableOwnTwoFactor(db.db, cookie, actor, PASSWORD, info);
    expect(off.ok).toBe(true);
    const [row] = await db.db.select().from(user).where(eq(user.id, actor.id));
    expect(row!.twoFactorEnabled).toBe(false);
  });

  it("a role that needs the factor cannot switch it off, whatever the password", async () => {
    const { cookie, actor } = await signedIn(db, "admin-factor@example.com", "administrator");
    for (const password of ["", PASSWORD]) {
      expect(await disableOwnTwoFactor(db.db, cookie, actor, password, info)).toEqual({
        ok: false,
        status: 409,
        formError: "Tu rol exige la verificación en dos pasos: no se puede desactivar.",
      });
    }
  });

  it("the operations share one limit per person: right or wrong, the 11th attempt waits", async () => {
    const { cookie, actor } = await signedIn(db, "limite@example.com", "contributor", true);
    for (let i = 0; i < CODE_LIMIT.limit / 2; i++) {
      expect((await startEnrolment(db.db, cookie, actor, "no es", info)).ok).toBe(false);
      expect((await regenerateRecoveryCodes(db.db, cookie, actor, PASSWORD, info)).ok).toBe(true);
    }
    const tooMany = {
      ok: false,
      status: 429,
      formError: "Demasiados intentos. Espera unos minutos y vuelve a iniciar sesión.",
    };
    expect(await regenerateRecoveryCodes(db.db, cookie, actor, PASSWORD, info)).toEqual(tooMany);
    expect(await disableOwnTwoFactor(db.db, cookie, actor, PASSWORD, info)).toEqual(tooMany);
    expect(await startEnrolment(db.db, cookie, actor, PASSWORD, info)).toEqual(tooMany);
  });

  it("confirming an enrolment spends an attempt of the same limit", async () => {
    const { cookie, actor } = await signedIn(db, "limite-alta@example.com");
    expect(await startEnrolment(db.db, cookie, actor, PASSWORD, info)).toEqual({ ok: true });
    for (let i = 1; i < CODE_LIMIT.limit; i++) {
      const refused = await confirmEnrolment(db.db, cookie, actor, "000000", info);
      expect(refused.ok === false && refused.status).toBe(400);
    }
    expect(await confirmEnrolment(db.db, cookie, actor, "000000", info)).toMatchObject({
      status: 429,
    });
  });
});
