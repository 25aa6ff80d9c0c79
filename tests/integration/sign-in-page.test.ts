import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { upsertUserFromCli } from "~/modules/accounts/accounts.server";
import { MESSAGES } from "~/modules/accounts/schemas";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import * as authPage from "~/routes/auth/auth";
import * as loginRedirect from "~/routes/auth/login-redirect";
import * as resetPage from "~/routes/auth/reset-password";
import * as setupPage from "~/routes/auth/setup";
import { DRIVERS, useTestDatabase } from "../support/db";
import { makeContext, makeRequest, run } from "../support/routes";

const PASSWORD = "una frase de prueba larga";
let ipCounter = 0;
const ctx = () => makeContext(`192.0.2.${++ipCounter}`);

const post = (fn: (args: never) => unknown, path: string, form: Record<string, string>) =>
  run(fn, { request: makeRequest(path, { form }), context: ctx() });

describe("/login", () => {
  it("leads to /auth, the one sign-in page, keeping where the person was going", async () => {
    const go = (path: string) => run(loginRedirect.loader, { request: makeRequest(path) });
    expect(await go("/login")).toMatchObject({ status: 301, location: "/auth" });
    expect(await go("/login?redirectTo=%2Fadmin%2Fmensajes")).toMatchObject({
      status: 301,
      location: "/auth?redirectTo=%2Fadmin%2Fmensajes",
    });
    // Only the parameters /auth understands; /auth itself refuses foreign targets.
    expect(await go("/login?modo=recuperar&x=1")).toMatchObject({
      location: "/auth?modo=recuperar",
    });
    expect("action" in loginRedirect).toBe(false);
  });
});

describe.each(DRIVERS)("the sign-in page (%s)", (driver) => {
  const db = useTestDatabase(driver);

  beforeAll(async () => {
    await upsertUserFromCli(db.db, {
      email: "ana@example.com",
      password: PASSWORD,
      role: "contributor",
    });
    await updateSettings(db.db, { ...(await getSettings(db.db)), allowSignup: true });
  });

  it("answers empty or malformed fields with the form's Spanish messages, field by field", async () => {
    const empty = await post(authPage.action, "/auth", { intent: "signin" });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({
      formError: null,
      fieldErrors: { email: [MESSAGES.fillAll], password: [MESSAGES.fillAll] },
    });
    const signUp = await post(authPage.action, "/auth", {
      intent: "signup",
      name: "",
      email: "no-es-un-email",
      password: "corta",
    });
    expect(signUp.data).toMatchObject({
      fieldErrors: {
        name: [MESSAGES.fillAll],
        email: [MESSAGES.invalidEmail],
        password: [MESSAGES.passwordMin],
      },
    });
    const forgot = await post(authPage.action, "/auth", { intent: "forgot", email: "" });
    expect(forgot.data).toMatchObject({ fieldErrors: { email: [MESSAGES.enterEmail] } });
  });

  describe("when the database fails", () => {
    // A real failure: the table every sign-in, sign-up and reset request counts in is gone.
    const breakDatabase = () =>
      db.db.execute(sql`alter table rate_limit rename to rate_limit_unavailable`);
    afterEach(async () => {
      await db.db.execute(sql`alter table if exists rate_limit_unavailable rename to rate_limit`);
    });

    it("signing in shows 'Error al iniciar sesión: …' in the form, not the error page", async () => {
      await breakDatabase();
      const outcome = await post(authPage.action, "/auth", {
        intent: "signin",
        email: "ana@example.com",
        password: PASSWORD,
      });
      expect(outcome.status).toBe(500);
      expect(outcome.data).toEqual({
        ok: false,
        formError:
          "Error al iniciar sesión: la base de datos no respondió. Inténtalo de nuevo en unos minutos.",
        fieldErrors: {},
      });
      // No table or query text reaches the visitor.
      expect(JSON.stringify(outcome.data)).not.toMatch(/rate_limit|select|insert/i);
    });

    it("creating an account shows 'Error al crear la cuenta: …'", async () => {
      await breakDatabase();
      const outcome = await post(authPage.action, "/auth", {
        intent: "signup",
        name: "Nuria Prieto",
        email: "nuria@example.com",
        password: PASSWORD,
      });
      expect(outcome.status).toBe(500);
      expect((outcome.data as { formError: string }).formError).toBe(
        "Error al crear la cuenta: la base de datos no respondió. Inténtalo de nuevo en unos minutos.",
      );
    });

    it("the other account forms say what failed the same way", async () => {
      await breakDatabase();
      const forgot = await post(authPage.action, "/auth", {
        intent: "forgot",
        email: "ana@example.com",
      });
      expect((forgot.data as { formError: string }).formError).toMatch(
        /^No se pudo enviar el email de recuperación: la base de datos no respondió/,
      );
      await db.db.execute(sql`alter table "verification" rename to verification_unavailable`);
      try {
        const reset = await post(resetPage.action, "/auth/restablecer", {
          token: "t".repeat(32),
          password: PASSWORD,
          confirm: PASSWORD,
        });
        expect((reset.data as { formError: string }).formError).toMatch(
          /^No se pudo guardar la contraseña: la base de datos no respondió/,
        );
        const setup = await post(setupPage.action, "/auth/configurar", {
          token: "t".repeat(32),
          name: "Ana",
          email: "otra@example.com",
          password: PASSWORD,
        });
        expect(setup.status).toBe(500);
        expect((setup.data as { formError: string }).formError).toMatch(
          /^Error al crear la cuenta: /,
        );
      } finally {
        await db.db.execute(sql`alter table verification_unavailable rename to "verification"`);
      }
    });
  });

  it("signs in again once the database is back", async () => {
    const outcome = await post(authPage.action, "/auth", {
      intent: "signin",
      email: "ana@example.com",
      password: PASSWORD,
      redirectTo: "/admin/blog",
    });
    expect(outcome.location).toBe("/admin/blog");
  });
});
