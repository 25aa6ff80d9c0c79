import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_SECTIONS } from "~/modules/settings/form";
import * as accountRoute from "~/routes/admin/account";
import * as advertisingRoute from "~/routes/admin/advertising";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as adminBlogRoute from "~/routes/admin/blog";
import * as blogEditRoute from "~/routes/admin/blog-edit";
import * as blogNewRoute from "~/routes/admin/blog-new";
import * as blogShareRoute from "~/routes/admin/blog-share";
import * as blogRevisionsRoute from "~/routes/admin/blog-revisions";
import * as textsEditRoute from "~/routes/admin/texts-edit";
import { pageDefinition } from "~/modules/pages/fields";
import * as messagesRoute from "~/routes/admin/messages";
import * as appointmentsRoute from "~/routes/admin/appointments";
import * as appointmentSettingsRoute from "~/routes/admin/appointment-settings";
import * as waitlistRoute from "~/routes/admin/waitlist";
import * as adminReviewsRoute from "~/routes/admin/reviews";
import * as settingsRoute from "~/routes/admin/settings";
import * as usersRoute from "~/routes/admin/users";
import * as authRoute from "~/routes/auth/auth";
import * as reauthRoute from "~/routes/auth/reauth";
import * as resetRoute from "~/routes/auth/reset-password";
import * as setupRoute from "~/routes/auth/setup";
import * as signInLinkRoute from "~/routes/auth/sign-in-link";
import * as twoFactorRoute from "~/routes/auth/two-factor";
import * as verifyRoute from "~/routes/auth/verify-email";
import * as homeRoute from "~/routes/public/home";
import * as accessibilityRoute from "~/routes/public/accessibility";
import * as reviewNewRoute from "~/routes/public/review-new";
import * as reviewWithdrawRoute from "~/routes/public/review-withdraw";
import * as bookingRoute from "~/routes/public/booking";
import * as bookingConfirmRoute from "~/routes/public/booking-confirm";
import * as bookingManageRoute from "~/routes/public/booking-manage";
import * as waitlistJoinRoute from "~/routes/public/waitlist-join";
import * as waitlistLinkRoute from "~/routes/public/waitlist-link";
import * as consentSignRoute from "~/routes/public/consent-sign";
import * as consentCopyRoute from "~/routes/public/consent-copy";
import * as consentsRoute from "~/routes/admin/consents";
import * as consentDocumentRoute from "~/routes/admin/consent-document";
import * as intakeRoute from "~/routes/admin/intake";
import { seedBookingServices } from "~/modules/booking/booking.server";
import { DEFAULT_SETTINGS } from "~/modules/settings/defaults";
import { updateSettings } from "~/modules/settings/settings.server";
import * as signOutRoute from "~/routes/auth/sign-out";
import * as imageUploadApi from "~/routes/resources/image-upload-api";
import * as rgpdExportRoute from "~/routes/resources/rgpd-export";
import * as articleAutosaveRoute from "~/routes/resources/article-autosave";
import { articleRevisions, articles } from "~/db/schema";
import { AUTOSAVE_FIELDS } from "~/modules/blog/autosave";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import { type TestDatabase, useTestDatabase } from "../support/db";
import { hasAction, intentsOf } from "../support/intents";
import { BASE, makeContext, multipartBody, run, staffCookie } from "../support/routes";

/**
 * Property-based fuzzing of every form action: hostile bodies (random, huge and control-character
 * strings, lone surrogates, wrong types, arrays, missing fields, JSON where a form is expected,
 * raw bytes in another encoding, no body at all) must never produce a 5xx; a 4xx carries Spanish
 * messages (no English, no stack); and a refused request stores nothing.
 *
 * To fuzz a new action, add one line to PUBLIC_ACTIONS or ADMIN_ACTIONS.
 */
interface ActionCase {
  /** The route module as written in routes.ts (checked against routes.ts and its source). */
  file: string;
  path: string;
  action: (args: never) => unknown;
  /** The field names the action reads (random names are added too). */
  fields: string[];
  /** Values of the `intent` field the action understands. */
  intents?: string[];
  /** URL parameters (e.g. the slug of the article being edited). */
  params?: Record<string, string>;
}

const PUBLIC_ACTIONS: ActionCase[] = [
  {
    file: "routes/public/home.tsx",
    path: "/",
    action: homeRoute.action,
    fields: ["name", "email", "message", "consent", "website"],
    intents: ["contact"],
  },
  {
    file: "routes/public/accessibility.tsx",
    path: "/accesibilidad",
    action: accessibilityRoute.action,
    fields: ["name", "email", "message", "consent", "website"],
    intents: ["contact"],
  },
  {
    file: "routes/public/review-new.tsx",
    path: "/resenas/nueva",
    action: reviewNewRoute.action,
    fields: ["name", "role", "content", "rating", "consent", "website", "invitacion"],
  },
  {
    file: "routes/public/review-withdraw.tsx",
    path: "/resenas/retirar",
    action: reviewWithdrawRoute.action,
    fields: ["token"],
  },
  {
    file: "routes/public/booking.tsx",
    path: "/cita",
    action: bookingRoute.action,
    fields: ["service", "slot", "name", "email", "phone", "firstVisit", "note", "consent"],
  },
  {
    file: "routes/public/booking-confirm.tsx",
    path: "/cita/confirmar",
    action: bookingConfirmRoute.action,
    fields: ["token"],
  },
  {
    file: "routes/public/booking-manage.tsx",
    // The link's token is read from the address only (without it, every POST is refused before
    // the body is read): one of the right shape, so the body and intents are what is fuzzed.
    path: `/cita/gestionar?token=${"A".repeat(43)}`,
    action: bookingManageRoute.action,
    fields: ["token", "message"],
    intents: ["cancel", "change"],
  },
  {
    file: "routes/public/waitlist-join.tsx",
    path: "/cita/lista-espera",
    action: waitlistJoinRoute.action,
    fields: ["service", "name", "email", "existing", "asap", "days", "windows", "consent"],
  },
  {
    file: "routes/public/waitlist-link.tsx",
    path: "/cita/lista-espera/oferta",
    action: waitlistLinkRoute.action,
    params: { accion: "oferta" },
    fields: ["token"],
    intents: ["accept", "decline", "leave", "confirm"],
  },
  {
    file: "routes/public/consent-sign.tsx",
    path: `/consentimiento?token=${"A".repeat(43)}`,
    action: consentSignRoute.action,
    fields: ["token", "name", "idNumber", "accept", "signature", "respuesta-motivo"],
  },
  {
    file: "routes/public/consent-copy.tsx",
    path: `/consentimiento/copia?token=${"A".repeat(43)}`,
    action: consentCopyRoute.action,
    fields: ["token", "confirm"],
  },
  {
    file: "routes/auth/auth.tsx",
    path: "/auth",
    action: authRoute.action,
    fields: ["name", "email", "password", "redirectTo"],
    intents: ["signin", "signup", "forgot"],
  },
  {
    file: "routes/auth/reset-password.tsx",
    path: "/auth/restablecer",
    action: resetRoute.action,
    fields: ["token", "password", "confirm"],
  },
  {
    file: "routes/auth/verify-email.tsx",
    path: "/auth/verificar",
    action: verifyRoute.action,
    fields: ["token"],
  },
  {
    file: "routes/auth/sign-out.tsx",
    path: "/auth/salir",
    action: signOutRoute.action,
    fields: [],
  },
  {
    file: "routes/auth/setup.tsx",
    path: "/auth/configurar",
    action: setupRoute.action,
    fields: ["token", "name", "email", "password"],
  },
  {
    file: "routes/auth/two-factor.tsx",
    path: "/auth/verificacion",
    action: twoFactorRoute.action,
    fields: ["method", "code", "redirectTo"],
  },
  {
    file: "routes/auth/sign-in-link.tsx",
    path: "/auth/acceso",
    action: signInLinkRoute.action,
    fields: ["token"],
  },
];

const SETTINGS_KEYS = SETTINGS_SECTIONS.flatMap((s) => s.fields.map((f) => f.key));

/** Admin actions, run with an administrator's session. */
const ADMIN_ACTIONS: ActionCase[] = [
  {
    file: "routes/admin/dashboard.tsx",
    path: "/admin",
    action: dashboardRoute.action,
    fields: [],
    intents: ["hide-first-steps", "test-mail", "unpublish-examples"],
  },
  {
    file: "routes/admin/waitlist.tsx",
    path: "/admin/citas/lista-espera",
    action: waitlistRoute.action,
    fields: [
      "id",
      "slot",
      "entry",
      "service",
      "date",
      "time",
      "holdMinutes",
      "existingFirst",
      "approveFirst",
    ],
    intents: ["approve", "skip", "offer", "release", "config"],
  },
  {
    file: "routes/admin/appointment-settings.tsx",
    path: "/admin/citas/ajustes",
    action: appointmentSettingsRoute.action,
    fields: [
      "id",
      "hours.1",
      "hours.6",
      "bufferMinutes",
      "horizonDays",
      "reminderHours",
      "name",
      "durationMinutes",
      "modality",
      "mode",
      "audience",
      "active",
      "startsOn",
      "endsOn",
      "note",
      "url",
    ],
    intents: [
      "busy-feed-refresh",
      "busy-feed-remove",
      "busy-feed-save",
      "closed-add",
      "closed-remove",
      "feed-remove",
      "feed-renew",
      "remove-service",
      "rules",
      "service",
    ],
  },
  {
    file: "routes/admin/appointments.tsx",
    path: "/admin/citas",
    action: appointmentsRoute.action,
    fields: [
      "id",
      "message",
      "service",
      "date",
      "time",
      "name",
      "email",
      "phone",
      "repeat",
      "sessions",
    ],
    intents: ["accept", "book", "cancel", "change-answered", "decline", "invite-review", "move"],
  },
  {
    file: "routes/admin/consents.tsx",
    path: "/admin/consentimientos",
    action: consentsRoute.action,
    fields: [
      "name",
      "email",
      "subject",
      "online",
      "parent1",
      "parent2",
      "exception",
      "appointment",
      "signer",
      "id",
      "note",
    ],
    intents: ["send", "resend", "cancel", "exception"],
  },
  {
    file: "routes/admin/consent-document.tsx",
    path: "/admin/consentimientos/documentos/general",
    action: consentDocumentRoute.action,
    params: { kind: "general" },
    fields: ["title", "body", "ready"],
    intents: ["save"],
  },
  {
    file: "routes/admin/advertising.tsx",
    path: "/admin/estado-legal/publicidad",
    action: advertisingRoute.action,
    fields: ["target", "number", "authorisedOn", "expiresOn", "id"],
    intents: ["record", "remove"],
  },
  {
    file: "routes/admin/intake.tsx",
    path: "/admin/consentimientos/cuestionario",
    action: intakeRoute.action,
    fields: ["enabled", "q0.label", "q0.kind", "q0.options", "q0.required", "q0.id", "q1.label"],
    intents: ["save", "default"],
  },
  {
    file: "routes/admin/reviews.tsx",
    path: "/admin/resenas",
    action: adminReviewsRoute.action,
    fields: ["id", "publish", "name", "role", "content", "rating", "back", "auto", "email"],
    intents: ["seen", "toggle", "delete", "save", "invite"],
  },
  {
    file: "routes/admin/messages.tsx",
    path: "/admin/mensajes",
    action: messagesRoute.action,
    fields: ["id", "value", "email", "outboxId", "back", "auto"],
    intents: ["read", "answered", "delete", "erase", "retry"],
  },
  {
    file: "routes/resources/rgpd-export.ts",
    path: "/admin/mensajes/exportar",
    action: rgpdExportRoute.action,
    fields: ["email"],
  },
  {
    file: "routes/admin/users.tsx",
    path: "/admin/usuarios",
    action: usersRoute.action,
    fields: ["userId", "role", "name", "email"],
    intents: ["role", "remove", "invite", "approve", "reset-2fa"],
  },
  {
    file: "routes/admin/account.tsx",
    path: "/admin/cuenta",
    action: accountRoute.action,
    fields: ["password", "code", "sessionId"],
    intents: ["enable", "confirm", "cancel", "codes", "disable", "end-session", "end-others"],
  },
  {
    file: "routes/auth/reauth.tsx",
    path: "/auth/confirmar",
    action: reauthRoute.action,
    fields: ["password", "code", "redirectTo"],
  },
  {
    file: "routes/admin/blog.tsx",
    path: "/admin/blog",
    action: adminBlogRoute.action,
    fields: ["slug", "isPublic", "back"],
    intents: ["visibility", "delete"],
  },
  {
    file: "routes/admin/blog-share.tsx",
    path: "/admin/blog/editar/un-articulo/compartir",
    action: blogShareRoute.action,
    params: { slug: "un-articulo" },
    fields: ["expiresAt", "linkId"],
    intents: ["create", "revoke"],
  },
  ...[
    { file: "routes/admin/blog-new.tsx", path: "/admin/blog/nuevo", action: blogNewRoute.action },
    {
      file: "routes/admin/blog-edit.tsx",
      path: "/admin/blog/editar/un-articulo",
      action: blogEditRoute.action,
      params: { slug: "un-articulo" },
    },
  ].map((c) => ({
    ...c,
    fields: [
      "title",
      "slug",
      "category",
      "excerpt",
      "content",
      "image",
      "imageAlt",
      "author",
      "related",
      "status",
      "publishAt",
    ],
  })),
  {
    // An article with revisions (seeded below): "1", "2"… may name real ones.
    file: "routes/admin/blog-revisions.tsx",
    path: "/admin/blog/editar/con-revisiones/revisiones",
    action: blogRevisionsRoute.action,
    params: { slug: "con-revisiones" },
    fields: ["revisionId"],
    intents: ["restore"],
  },
  {
    // A service page: every kind of field (lines, lists, pairs, Markdown).
    file: "routes/admin/texts-edit.tsx",
    path: "/admin/textos/servicio-mindfulness",
    action: textsEditRoute.action,
    params: { page: "servicio-mindfulness" },
    fields: [...pageDefinition("servicio-mindfulness")!.fields.map((f) => f.name), "revisionId"],
    intents: ["restore", "save"],
  },
  {
    file: "routes/resources/article-autosave.ts",
    path: "/admin/blog/autoguardado",
    action: articleAutosaveRoute.action,
    fields: ["original", ...AUTOSAVE_FIELDS],
    intents: ["discard", "save"],
  },
  {
    file: "routes/admin/settings.tsx",
    path: "/admin/ajustes",
    action: settingsRoute.action,
    fields: [
      ...SETTINGS_KEYS,
      "socialLinks",
      "social.instagram",
      "social.linkedin",
      "publications",
      "publications.0.title",
      "publications.0.url",
      "publications.2.description",
    ],
  },
  {
    file: "routes/resources/image-upload-api.ts",
    path: "/api/imagenes",
    action: imageUploadApi.action,
    fields: ["file", "image"],
  },
];

/** Every route file in routes.ts. */
function routeFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => [e.file, ...routeFiles(e.children ?? [])]);
}

it("every action in routes.ts is fuzzed, with every intent it understands", () => {
  const fuzzed = new Map([...PUBLIC_ACTIONS, ...ADMIN_ACTIONS].map((c) => [c.file, c]));
  const withAction = [...new Set(routeFiles(routes as RouteConfigEntry[]))].filter(hasAction);
  expect(withAction.length).toBeGreaterThan(10);
  for (const file of withAction) {
    const c = fuzzed.get(file);
    expect(c, `falta ${file} en PUBLIC_ACTIONS o ADMIN_ACTIONS`).toBeDefined();
    const intents = intentsOf(file);
    expect([...(c!.intents ?? ["*"])].sort(), `intents de ${file}`).toEqual(intents);
  }
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

// ---- generators -------------------------------------------------------------------------------

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 60 }), // any code point, lone surrogates included
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc
    .array(fc.integer({ min: 0, max: 31 }), { maxLength: 20 })
    .map((cs) => String.fromCharCode(...cs)), // control characters, NUL included
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\uFEFF",
    "\uD800",
    "on",
    "true",
    "1",
    "0",
    "-1",
    "NaN",
    "1e999",
    "0x10",
    "99999999999999999999",
    "null",
    "undefined",
    "[object Object]",
    "ana@example.com",
    "a@b",
    "<script>alert(1)</script>",
    "'; drop table contact_messages; --",
    "../../etc/passwd",
    "https://evil.example/",
    "//evil.example",
    "Ã¡Ã©Ã­", // UTF-8 read as Latin-1
    "administrator",
    "toggle",
  ),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => "ñ".repeat(n)), // huge
);

/** A JSON value of the wrong type for a field. */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileString, { maxKeys: 3 }),
);

type Encoding = "urlencoded" | "multipart" | "json" | "text" | "bytes" | "none";

function bodyArb(c: ActionCase) {
  const key = c.fields.length
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...c.fields) },
        { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
      )
    : fc.string({ maxLength: 20 }); // an action that reads no field (sign-out)
  const intent = c.intents
    ? fc.option(fc.oneof(fc.constantFrom(...c.intents), hostileString), { freq: 5 })
    : fc.constant(null);
  return fc.record({
    encoding: fc.constantFrom<Encoding>(
      "urlencoded",
      "urlencoded",
      "multipart",
      "json",
      "text",
      "bytes",
      "none",
    ),
    intent,
    // Repeated keys reach the action as arrays in spirit (FormData.getAll) and as "last wins".
    pairs: fc.array(fc.tuple(key, hostileString), { maxLength: 10 }),
    jsonExtra: fc.dictionary(key, wrongType, { maxKeys: 5 }),
    jsonRoot: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    ),
    files: fc.array(fc.tuple(key, fc.uint8Array({ maxLength: 200 })), { maxLength: 2 }),
    bytes: fc.uint8Array({ maxLength: 2000 }),
  });
}

type Body = ReturnType<typeof bodyArb> extends fc.Arbitrary<infer T> ? T : never;

async function buildRequest(path: string, body: Body, cookie?: string) {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  const pairs: Array<[string, string]> = body.intent
    ? [["intent", body.intent], ...body.pairs]
    : body.pairs;
  let payload: BodyInit | undefined;
  switch (body.encoding) {
    case "urlencoded":
      payload = new URLSearchParams(pairs);
      break;
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of pairs) form.append(k, v);
      for (const [k, bytes] of body.files) form.append(k, new Blob([bytes]), "x.bin");
      const encoded = await multipartBody(form);
      headers.set("content-type", encoded.contentType);
      payload = encoded.bytes;
      break;
    }
    case "json": {
      headers.set("content-type", "application/json");
      const object = {
        ...Object.fromEntries(pairs),
        ...body.jsonExtra,
      };
      payload = JSON.stringify(body.jsonRoot === undefined ? object : body.jsonRoot);
      break;
    }
    case "text":
      headers.set("content-type", "text/plain;charset=UTF-8");
      payload = pairs.map(([k, v]) => `${k}=${v}`).join("\n");
      break;
    case "bytes":
      headers.set("content-type", "application/x-www-form-urlencoded; charset=iso-8859-1");
      payload = body.bytes;
      break;
    case "none":
      break;
  }
  return new Request(new URL(path, BASE), { method: "POST", headers, body: payload });
}

// ---- checks -----------------------------------------------------------------------------------

const SPANISH =
  /[áéíóúñ¿¡]|\b(no|el|la|los|las|de|del|un|una|es|tu|debe|requerid[oa]|válid[oa]|solicitud|inténtalo|demasiad[oa]s|acción|correo|contraseña|email)\b/i;
const ENGLISH =
  /\b(TypeError|SyntaxError|undefined|Invalid input|Expected|Required|Unexpected|received|must be)\b|\bat \S+ \(|\.[jt]sx?:\d+/;

/** Every string under a message-like key (formError, error, errors, fieldErrors …). */
function messages(value: unknown, inMessage = false): string[] {
  if (typeof value === "string") return inMessage ? [value] : [];
  if (!value || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((v) => messages(v, inMessage));
  return Object.entries(value).flatMap(([k, v]) =>
    k === "values"
      ? []
      : messages(v, inMessage || /^(formError|error|errors|fieldErrors)$/.test(k)),
  );
}

let db: TestDatabase;

/** What a refused request must not change: row counts and the settings. */
async function snapshot() {
  const result = await db.db.execute(sql`select
    (select count(*) from contact_messages)::int as contact,
    (select count(*) from reviews)::int as reviews,
    (select coalesce(string_agg(i::text, ','), '') from review_invitations i) as invitations,
    (select count(*) from mail_outbox)::int as outbox,
    (select count(*) from "user")::int as users,
    (select count(*) from account)::int as accounts,
    (select count(*) from session)::int as sessions,
    (select count(*) from verification)::int as verifications,
    (select md5(coalesce(string_agg(a::text, ',' order by a.id), '')) from articles a) as articles,
    (select coalesce(string_agg(p::text, ','), '') from article_preview_links p) as previews,
    (select count(*) from article_revisions)::int as revisions,
    (select coalesce(string_agg(s::text, ','), '') from article_autosaves s) as autosaves,
    (select coalesce(string_agg(a::text, ','), '') from appointments a) as appointments,
    (select coalesce(string_agg(b::text, ','), '') from booking_services b) as services,
    (select coalesce(string_agg(c::text, ','), '') from booking_config c) as rules,
    (select count(*) from booking_exceptions)::int as closed,
    (select md5(coalesce(string_agg(t::text, ',' order by t.key), '')) from page_texts t) as texts,
    (select count(*) from page_text_revisions)::int as textVersions,
    (select count(*) from consent_document_versions)::int as consentVersions,
    (select coalesce(string_agg(f::text, ','), '') from intake_form f) as intake,
    (select md5(coalesce(string_agg(r::text, ',' order by r.id), '')) from consent_requests r) as consents,
    (select md5(coalesce(string_agg(s::text, ',' order by s.id), '')) from consent_signers s) as signers,
    (select coalesce(string_agg(s::text, ','), '') from settings s) as settings`);
  return result.rows[0];
}

let ip = 0;
async function check(c: ActionCase, body: Body, cookie?: string) {
  const before = await snapshot();
  const request = await buildRequest(c.path, body, cookie);
  // A thrown error here is what React Router would turn into a 500.
  const outcome = await run(c.action, {
    request,
    params: c.params,
    context: makeContext(`198.51.100.${ip++ % 250}`),
  });
  const where = `${c.path} ${body.encoding} → ${outcome.status} ${JSON.stringify(outcome.data)?.slice(0, 300)}`;
  expect(outcome.status, where).toBeLessThan(500);
  if (outcome.status >= 400) {
    if (outcome.data !== null) {
      const texts = messages(outcome.data);
      expect(texts.length, where).toBeGreaterThan(0);
      for (const t of texts) {
        expect(t, where).toMatch(SPANISH);
        expect(t, where).not.toMatch(ENGLISH);
      }
    }
    expect(await snapshot(), where).toEqual(before);
  }
}

describe("fuzzing every form action with hostile input (PGlite)", () => {
  let adminCookie = "";
  db = useTestDatabase("pglite");
  beforeAll(async () => {
    // A fully signed-in administrator (password + TOTP), so actions get past the 2FA guard.
    adminCookie = await staffCookie(db.db, "administrator", "fuzz-admin@example.com");
    // Booking on, with the services of a new install, so its actions do their real work.
    await updateSettings(db.db, { ...DEFAULT_SETTINGS, bookingEnabled: true });
    await seedBookingServices(db.db);
    // An article with two revisions, for 'Restaurar'.
    const [article] = await db.db
      .insert(articles)
      .values({
        slug: "con-revisiones",
        title: "Con revisiones",
        category: "emociones",
        date: "2026-01-01",
        content: "Texto actual",
        image: "/media/portadas/emociones/duelo-como-abordarlo.svg",
      })
      .returning({ id: articles.id });
    await db.db.insert(articleRevisions).values([
      { articleId: article!.id, title: "Con revisiones", content: "Texto antiguo", userName: "A" },
      { articleId: article!.id, title: "Con revisiones", content: "Texto actual", userName: "B" },
    ]);
  });

  it.each(PUBLIC_ACTIONS.map((c) => [c.path, c] as const))("public action %s", async (_, c) => {
    await fc.assert(
      fc.asyncProperty(bodyArb(c), (body) => check(c, body)),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it.each(ADMIN_ACTIONS.map((c) => [c.path, c] as const))("admin action %s", async (_, c) => {
    await fc.assert(
      fc.asyncProperty(bodyArb(c), (body) => check(c, body, adminCookie)),
      { numRuns: RUNS, seed: SEED },
    );
    // The administrator's session survived whatever was posted.
    expect((await snapshot())!.sessions).toBeGreaterThan(0);
  });
});
