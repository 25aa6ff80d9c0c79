import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { reviews, user } from "~/db/schema";
import { upsertUserFromCli } from "~/modules/accounts/accounts.server";
import { signIn } from "~/modules/accounts/sign-in.server";
import { ENROL_PATH, twoFactorRequired } from "~/modules/accounts/two-factor.server";
import {
  CAPABILITIES,
  type Capability,
  HEALTH_DATA_CAPABILITIES,
  ROLES,
} from "~/modules/accounts/roles";
import routes from "~/routes";
import { DRIVERS, useTestDatabase } from "../support/db";
import { hasAction, intentsOf } from "../support/intents";
import { cookieFrom, makeRequest, run, staffCookie } from "../support/routes";

/**
 * What every admin route needs: its loader, and each `intent` its action understands with the
 * capability that intent requires ("*": an action that reads no intent). A route added to
 * routes.ts without a line here fails the first test, and an action whose intents differ from
 * the ones declared here (read from its source) fails the second, so no route and no intent can
 * be forgotten. One line per route.
 */
type Need = Capability | "signedIn" | null;
const REQUIRED: Record<string, { loader: Need; action?: Record<string, Need> }> = {
  "routes/admin/layout.tsx": { loader: "signedIn" },
  // The panel; 'Primeros pasos' (administrators): a test e-mail, hiding the list, and taking the
  // example reviews down (moderating reviews).
  "routes/admin/dashboard.tsx": {
    loader: "signedIn",
    action: {
      "test-mail": "settings.manage",
      "hide-first-steps": "settings.manage",
      "unpublish-examples": "reviews.moderate",
    },
  },
  "routes/admin/blog.tsx": {
    loader: "signedIn",
    action: { visibility: "articles.publish", delete: "articles.publish" },
  },
  "routes/admin/blog-new.tsx": { loader: "articles.publish", action: { "*": "articles.publish" } },
  "routes/admin/blog-edit.tsx": { loader: "signedIn", action: { "*": "articles.publish" } },
  "routes/admin/blog-preview.tsx": { loader: "signedIn" },
  "routes/admin/blog-share.tsx": {
    loader: "signedIn",
    action: { create: "articles.publish", revoke: "articles.publish" },
  },
  // Revisions: every member of staff reads and compares them; restoring one changes the article.
  "routes/admin/blog-revisions.tsx": {
    loader: "signedIn",
    action: { restore: "articles.publish" },
  },
  // The editor's autosaved copy: a POST-only resource route (no loader).
  "routes/resources/article-autosave.ts": {
    loader: null,
    action: { save: "articles.publish", discard: "articles.publish" },
  },
  // Textos de la web: the list, and one page's texts (save, restore a version).
  "routes/admin/texts.tsx": { loader: "pages.edit" },
  "routes/admin/texts-edit.tsx": {
    loader: "pages.edit",
    action: { save: "pages.edit", restore: "pages.edit" },
  },
  "routes/admin/reviews.tsx": {
    loader: "signedIn",
    action: {
      seen: "signedIn",
      toggle: "reviews.moderate",
      save: "reviews.moderate",
      delete: "reviews.moderate",
      invite: "reviews.moderate",
    },
  },
  "routes/admin/reviews-redirect.tsx": { loader: "signedIn" },
  "routes/admin/messages.tsx": {
    loader: "messages.read",
    action: {
      read: "messages.read",
      answered: "messages.read",
      delete: "messages.delete",
      erase: "privacy.requests",
      retry: "mail.retry",
    },
  },
  // RGPD export: a POST-only resource route (no loader), administrators only.
  "routes/resources/rgpd-export.ts": { loader: null, action: { "*": "privacy.requests" } },
  "routes/admin/users.tsx": {
    loader: "users.manage",
    action: {
      role: "users.manage",
      remove: "users.manage",
      invite: "users.manage",
      approve: "users.manage",
      "reset-2fa": "users.manage",
    },
  },
  "routes/admin/settings.tsx": { loader: "settings.manage", action: { "*": "settings.manage" } },
  // Estado legal reads the server's configuration (SMTP, storage, the calendar's host).
  "routes/admin/legal-status.tsx": { loader: "settings.manage" },
  // Its authorised advertising texts: record one, remove one.
  "routes/admin/advertising.tsx": {
    loader: "settings.manage",
    action: { record: "settings.manage", remove: "settings.manage" },
  },
  // The waitlist: who waits is health data (appointments.read); releasing an hour, approving or
  // skipping an offer and its rules change the agenda (appointments.manage).
  "routes/admin/waitlist.tsx": {
    loader: "appointments.read",
    action: {
      approve: "appointments.manage",
      skip: "appointments.manage",
      offer: "appointments.manage",
      release: "appointments.manage",
      config: "appointments.manage",
    },
  },
  // Hours and services: appointments.manage. Both calendars also need a recent password (+ code)
  // (tests/integration/agenda-access.test.ts).
  "routes/admin/appointment-settings.tsx": {
    loader: "appointments.manage",
    action: {
      rules: "appointments.manage",
      service: "appointments.manage",
      "remove-service": "appointments.manage",
      "closed-add": "appointments.manage",
      "closed-remove": "appointments.manage",
      // The agenda's address is a lasting key to every appointment: administrators only.
      "feed-renew": "appointments.feed",
      "feed-remove": "appointments.feed",
      // The busy-times calendar's address is a secret credential: administrators only.
      "busy-feed-save": "settings.manage",
      "busy-feed-refresh": "settings.manage",
      "busy-feed-remove": "settings.manage",
    },
  },
  // The agenda: every member of staff opens it, contributors as busy blocks only
  // (appointments.readBusy); answering and cancelling need appointments.manage.
  "routes/admin/appointments.tsx": {
    loader: "appointments.readBusy",
    action: {
      accept: "appointments.manage",
      decline: "appointments.manage",
      cancel: "appointments.manage",
      move: "appointments.manage",
      book: "appointments.manage",
      "change-answered": "appointments.manage",
      "invite-review": "reviews.moderate",
    },
  },
  // Consents: staff who manage appointments send and follow them (each signer's status);
  // opening a signed PDF and writing the documents are the psychologist's (administrators).
  "routes/admin/consents.tsx": {
    loader: "consent.manage",
    action: {
      send: "consent.manage",
      resend: "consent.manage",
      cancel: "consent.manage",
      exception: "consent.manage",
    },
  },
  "routes/admin/consent-document.tsx": {
    loader: "consent.documents",
    action: { save: "consent.documents" },
  },
  "routes/admin/intake.tsx": {
    loader: "consent.documents",
    action: { save: "consent.documents", default: "consent.documents" },
  },
  // A signed consent's PDF (GET only, audited) and the impact assessment's template.
  "routes/resources/consent-pdf.ts": { loader: "consent.read" },
  "routes/resources/eipd-template.ts": { loader: "settings.manage" },
  "routes/resources/advertising-changes.ts": { loader: "settings.manage" },
  "routes/admin/audit.tsx": { loader: "audit.read" },
  // Mi cuenta (2FA, sessions): every signed-in person, and the only page before enrolling.
  "routes/admin/account.tsx": {
    loader: "signedIn",
    action: {
      enable: "signedIn",
      confirm: "signedIn",
      cancel: "signedIn",
      codes: "signedIn",
      disable: "signedIn",
      "end-session": "signedIn",
      "end-others": "signedIn",
    },
  },
};

/** Account pages outside /admin that need a signed-in session (anonymous → /auth). */
const AUTH_REQUIRED = ["routes/auth/reauth.tsx"];
/** Account pages outside /admin that are public by design (they check their own cookie). */
const AUTH_PUBLIC = [
  "routes/auth/layout.tsx",
  // /login only leads to /auth (tests/integration/sign-in-page.test.ts).
  "routes/auth/login-redirect.tsx",
  "routes/auth/auth.tsx",
  "routes/auth/reset-password.tsx",
  "routes/auth/verify-email.tsx",
  "routes/auth/two-factor.tsx",
  "routes/auth/sign-out.tsx",
  // First-run setup: public, but only with the one-time token from the server log.
  "routes/auth/setup.tsx",
  // The e-mailed link that confirms a new browser once an account's failure budget is spent.
  "routes/auth/sign-in-link.tsx",
];

/**
 * The JSON endpoints under /api/: each is either public (null: its own checks, rate limits) or
 * needs a capability, answering 401 to anonymous callers and 403 to roles without it.
 */
const API_REQUIRED: Record<string, { action: Capability | null }> = {
  "routes/resources/image-upload-api.ts": { action: "articles.publish" },
  // Only a loader: the event stream, for signed-in staff (tests/integration/review-notice.test.ts).
  "routes/resources/events-api.ts": { action: null },
  // Only a loader: the agenda feed, opened by a calendar app with the secret in its address.
  "routes/resources/agenda-feed.ts": { action: null },
};

/**
 * What each role may do, written here independently of roles.ts: a capability granted there to
 * the wrong role fails the matrix, as does a missing guard.
 */
const ADMIN_ONLY: Capability[] = [
  "appointments.feed",
  "consent.read",
  "consent.documents",
  "messages.delete",
  "privacy.requests",
  "mail.retry",
  "users.manage",
  "settings.manage",
  "audit.read",
];
const EDITORIAL: Capability[] = [
  "appointments.read",
  "appointments.readBusy",
  "appointments.manage",
  "articles.publish",
  "pages.edit",
  "reviews.moderate",
  "reviews.readUnpublished",
  "messages.read",
  "consent.manage",
];
const GRANTS: Record<string, Capability[]> = {
  administrator: [...EDITORIAL, ...ADMIN_ONLY],
  editor: EDITORIAL,
  contributor: ["appointments.readBusy"],
};

/**
 * What shows health data (RGPD art. 9) or a way to read it, written here independently of
 * roles.ts: any role granted one of these must be made to enrol in 2FA, so a capability given to
 * a role that is not (contributors reading the agenda's clients and notes, say) fails.
 */
const HEALTH_DATA: Capability[] = [
  "reviews.readUnpublished",
  "reviews.moderate",
  "messages.read",
  "messages.delete",
  "privacy.requests",
  "mail.retry",
  "appointments.read",
  "appointments.manage",
  "appointments.feed",
  "consent.manage",
  "consent.read",
];
/** The roles that must have a second factor: those granted any health-data capability. */
const NEEDS_2FA = ROLES.filter((role) =>
  HEALTH_DATA.some((c) => CAPABILITIES[c].some((r) => r === role)),
);

function routesUnder(
  prefix: string,
  entries: RouteConfigEntry[],
  parent = "",
): Array<{ file: string; path: string }> {
  return entries.flatMap((e) => {
    const path = e.path ? `${parent}/${e.path}`.replace(/\/+/g, "/") : parent;
    const children = routesUnder(prefix, e.children ?? [], path);
    // A pathless layout belongs to the area when its children do.
    const ownPath = path.startsWith(prefix) ? path : (children[0]?.path ?? "");
    const own = ownPath.startsWith(prefix) ? [{ file: e.file, path: ownPath }] : [];
    return [...own, ...children];
  });
}

const ADMIN = routesUnder("/admin", routes as RouteConfigEntry[]);
const API = routesUnder("/api/", routes as RouteConfigEntry[]);
const AUTH = routesUnder("/auth", routes as RouteConfigEntry[]).concat(
  routesUnder("/login", routes as RouteConfigEntry[]),
);

it("every admin route in routes.ts has an expected permission", () => {
  expect(ADMIN.length).toBeGreaterThan(5);
  for (const { file } of ADMIN)
    expect(REQUIRED, `falta ${file} en REQUIRED`).toHaveProperty([file]);
});

it("every admin action declares exactly the intents it understands", () => {
  for (const { file } of ADMIN) {
    const declared = Object.keys(REQUIRED[file]?.action ?? {}).sort();
    expect(declared, `intents de ${file}`).toEqual(hasAction(file) ? intentsOf(file) : []);
  }
});

it("every /api/ route in routes.ts is declared public or guarded", () => {
  expect(API.length).toBeGreaterThanOrEqual(2);
  for (const { file } of API)
    expect(API_REQUIRED, `falta ${file} en API_REQUIRED`).toHaveProperty([file]);
});

it("every /auth route in routes.ts is declared signed-in only or public", () => {
  expect(AUTH.length).toBeGreaterThanOrEqual(5);
  for (const { file } of AUTH) {
    expect(
      [...AUTH_REQUIRED, ...AUTH_PUBLIC],
      `falta ${file} en AUTH_REQUIRED/AUTH_PUBLIC`,
    ).toContain(file);
  }
});

it("every role that can read health data must use a second factor", () => {
  // The table in roles.ts, not this file's GRANTS: whatever a role really holds counts.
  for (const role of ROLES) {
    const reads = HEALTH_DATA.filter((c) => CAPABILITIES[c].some((r) => r === role));
    expect(twoFactorRequired(role), `${role} lee ${reads.join(", ")} sin 2FA obligatoria`).toBe(
      reads.length > 0,
    );
  }
  // The list that decides 2FA in the code covers at least this file's.
  expect([...HEALTH_DATA_CAPABILITIES]).toEqual(expect.arrayContaining(HEALTH_DATA));
  // And the roles that must enrol are the ones this file's GRANTS say read health data (today
  // administrators and editors: contributors see the agenda as busy blocks only).
  expect(NEEDS_2FA).toEqual(ROLES.filter((r) => GRANTS[r]!.some((c) => HEALTH_DATA.includes(c))));
});

describe.each(DRIVERS)("authorization matrix (%s)", (driver) => {
  const db = useTestDatabase(driver);
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    // Administrators and editors get a TOTP factor and pass the real code step (staffCookie).
    for (const role of ["administrator", "editor", "contributor"]) {
      cookies[role] = await staffCookie(db.db, role);
    }
    // Signed in with the password only, no second factor yet: may use only Mi cuenta.
    for (const role of NEEDS_2FA) {
      const email = `${role}-sin-2fa@example.com`;
      await upsertUserFromCli(db.db, { email, password: "matriz de permisos", role });
      const r = await signIn(
        db.db,
        { email, password: "matriz de permisos" },
        { ip: `ip-${email}` },
      );
      if (!r.ok || r.twoFactor) throw new Error(`no se pudo iniciar sesión como ${email}`);
      cookies[`${role} sin 2FA`] = cookieFrom(r.headers);
    }
  });

  const ROLES_TRIED = ["anonymous", "contributor", "editor", "administrator"];
  const cases = ADMIN.flatMap(({ file, path }) =>
    ROLES_TRIED.flatMap((who) => [
      { file, path, who, kind: "loader" as const, intent: "", required: REQUIRED[file]!.loader },
      // Every intent of the action, each with the capability it needs.
      ...Object.entries(REQUIRED[file]!.action ?? {}).map(([intent, required]) => ({
        file,
        path,
        who,
        kind: "action" as const,
        intent,
        required: required as Need,
      })),
    ]),
  );

  it.each(cases)(
    "$kind $intent of $path as $who",
    async ({ file, path, who, kind, intent, required }) => {
      const mod = (await import(`../../app/${file}`)) as Record<string, unknown>;
      const fn = mod[kind] as ((args: never) => unknown) | undefined;
      if (kind === "loader" && !fn) return; // this route has no loader
      expect(fn, `${file} no exporta ${kind}`).toBeTypeOf("function");
      const url = path.replace(":slug", "un-articulo");
      const request = makeRequest(url, {
        cookie: cookies[who],
        form: kind === "action" ? (intent === "*" ? {} : { intent }) : undefined,
      });
      const outcome = await run(fn, { request, params: { slug: "un-articulo" } });
      if (who === "anonymous") {
        expect(outcome.status).toBe(302);
        expect(outcome.location).toBe(`/auth?redirectTo=${encodeURIComponent(url)}`);
        return;
      }
      const allowed = !required || required === "signedIn" || GRANTS[who]!.includes(required);
      if (allowed) {
        expect(outcome.status).not.toBe(403);
        expect(outcome.location ?? "").not.toMatch(/^\/auth/);
      } else {
        expect(outcome.status).toBe(403);
      }
    },
  );

  it("unpublished reviews (visitors' health data) reach editors and administrators, never contributors", async () => {
    await db.db.insert(reviews).values([
      { name: "Publicada", content: "Reseña publicada de prueba", isPublished: true },
      { name: "Pendiente", content: "Texto privado pendiente de moderar", isPublished: false },
    ]);
    const mod = await import("../../app/routes/admin/reviews");
    for (const who of ["contributor", "editor", "administrator"]) {
      for (const estado of ["todas", "borradores"]) {
        const request = makeRequest(`/admin/resenas?estado=${estado}`, { cookie: cookies[who] });
        const outcome = await run(mod.loader as (args: never) => unknown, { request });
        const json = JSON.stringify(outcome.data);
        const sees = json.includes("Texto privado pendiente de moderar");
        expect(sees, `${who} ${estado}`).toBe(who !== "contributor");
        if (who === "contributor") expect(json).toContain("Reseña publicada de prueba");
      }
    }
  });

  it("a pending (self-registered, not yet approved) account reaches nothing", async () => {
    await upsertUserFromCli(db.db, {
      email: "pendiente@example.com",
      password: "matriz de permisos",
      role: "editor",
    });
    const r = await signIn(
      db.db,
      { email: "pendiente@example.com", password: "matriz de permisos" },
      { ip: "ip-pendiente" },
    );
    if (!r.ok) throw new Error("no se pudo iniciar sesión");
    const cookie = cookieFrom(r.headers);
    await db.db
      .update(user)
      .set({ approvedAt: null })
      .where(eq(user.email, "pendiente@example.com"));
    const again = await signIn(
      db.db,
      { email: "pendiente@example.com", password: "matriz de permisos" },
      { ip: "ip-pendiente" },
    );
    expect(again).toMatchObject({ ok: false, status: 403 });
    for (const { file, path } of ADMIN) {
      const mod = (await import(`../../app/${file}`)) as Record<string, unknown>;
      if (!mod.loader) continue; // an action-only resource route (its action is in the matrix)
      const url = path.replace(":slug", "un-articulo");
      const outcome = await run(mod.loader as (args: never) => unknown, {
        request: makeRequest(url, { cookie }),
        params: { slug: "un-articulo" },
      });
      expect(outcome.status, url).toBe(302);
      expect(outcome.location, url).toMatch(/^\/auth\?redirectTo=/);
    }
    const events = (await import("../../app/routes/resources/events-api")) as Record<
      string,
      unknown
    >;
    const stream = await run(events.loader as (args: never) => unknown, {
      request: makeRequest("/api/eventos", { cookie }),
    });
    expect(stream.status).toBe(401);
  });

  const unenrolledCases = ADMIN.flatMap(({ file, path }) =>
    NEEDS_2FA.map((role) => `${role} sin 2FA`).flatMap((who) =>
      (["loader", "action"] as const).map((kind) => ({ file, path, who, kind })),
    ),
  );

  it.each(unenrolledCases)("$kind of $path as $who", async ({ file, path, who, kind }) => {
    const mod = (await import(`../../app/${file}`)) as Record<string, unknown>;
    const fn = mod[kind] as ((args: never) => unknown) | undefined;
    if (!fn) return;
    const url = path.replace(":slug", "un-articulo");
    const request = makeRequest(url, {
      cookie: cookies[who],
      form: kind === "action" ? { intent: "nada" } : undefined,
    });
    const outcome = await run(fn, { request, params: { slug: "un-articulo" } });
    if (path === ENROL_PATH) {
      expect(outcome.location ?? "").not.toMatch(/^\/(auth|admin)/);
    } else {
      expect(outcome.status).toBe(302);
      expect(outcome.location).toBe(ENROL_PATH);
    }
  });

  it("the event stream refuses an administrator without 2FA", async () => {
    const mod = await import("../../app/routes/resources/events-api");
    const outcome = await run(mod.loader as (args: never) => unknown, {
      request: makeRequest("/api/eventos", { cookie: cookies["administrator sin 2FA"] }),
    });
    expect(outcome.status).toBe(401);
  });

  it("the image upload refuses an administrator or editor without 2FA", async () => {
    const mod = await import("../../app/routes/resources/image-upload-api");
    for (const who of ["administrator sin 2FA", "editor sin 2FA"]) {
      const outcome = await run(mod.action as (args: never) => unknown, {
        request: makeRequest("/api/imagenes", { cookie: cookies[who], form: { intent: "nada" } }),
      });
      expect(outcome.status, who).toBe(401);
    }
  });

  const authCases = AUTH.filter(({ file }) => AUTH_REQUIRED.includes(file)).flatMap(
    ({ file, path }) => (["loader", "action"] as const).map((kind) => ({ file, path, kind })),
  );

  it.each(authCases)("$kind of $path needs a session", async ({ file, path, kind }) => {
    const mod = (await import(`../../app/${file}`)) as Record<string, unknown>;
    const fn = mod[kind] as ((args: never) => unknown) | undefined;
    if (!fn) return;
    const request = makeRequest(path, { form: kind === "action" ? { intent: "nada" } : undefined });
    const outcome = await run(fn, { request });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/auth\?redirectTo=/);
  });

  const apiCases = API.filter(({ file }) => API_REQUIRED[file]?.action).flatMap(({ file, path }) =>
    ["anonymous", "contributor", "editor", "administrator"].map((who) => ({ file, path, who })),
  );

  it.each(apiCases)("guarded API $path as $who", async ({ file, path, who }) => {
    const mod = (await import(`../../app/${file}`)) as Record<string, unknown>;
    const required = API_REQUIRED[file]!.action!;
    const request = makeRequest(path, { cookie: cookies[who], form: { intent: "nada" } });
    const outcome = await run(mod.action as (args: never) => unknown, { request });
    if (who === "anonymous") expect(outcome.status).toBe(401);
    else if (GRANTS[who]!.includes(required)) expect([401, 403]).not.toContain(outcome.status);
    else expect(outcome.status).toBe(403);
  });
});
