import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** The one settings record (id = 1). Values are validated by app/modules/settings/schemas.ts. */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("settings_single_row", sql`${t.id} = 1`)],
);

/**
 * One row (id = 1) whose `version` goes up, in the same transaction, with every change that can
 * alter what an anonymous visitor sees (articles, their old addresses, published reviews,
 * settings): database triggers do it (drizzle/0014), so no write path can forget. The page cache
 * (server/page-cache.ts) reads it before answering and drops everything when it moved.
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("content_version_single_row", sql`${t.id} = 1`)],
);

// ─── Accounts (better-auth's core tables, plus our role) ────────────────────────────────────────

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("contributor"),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  /** When this person last opened the reviews page: newer visitor reviews make the notice. */
  reviewsSeenAt: timestamp("reviews_seen_at", { withTimezone: true }),
  /**
   * When an administrator approved this account; null = pending (no session, no access). The
   * default only fills rows that existed before the column (all approved); every account created
   * through better-auth starts pending (databaseHooks in auth.server.ts) unless our code approves it.
   */
  approvedAt: timestamp("approved_at", { withTimezone: true }).defaultNow(),
  /** better-auth's twoFactor plugin: set once a TOTP factor is verified. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Last time this person proved who they are (password + code): re-auth for sensitive actions. */
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last admin request (updated at most once a minute): the idle timeout. */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

/** better-auth's twoFactor plugin: the TOTP secret and recovery codes, encrypted with AUTH_SECRET. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * The last TOTP time step (Unix seconds / 30) accepted for this person: a code of that step or
     * an earlier one is refused, so one code never opens two sessions (docs/security.md).
     */
    lastTotpStep: integer("last_totp_step"),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Who did what, when and from where: sign-ins, sign-ups, role changes, removals, settings. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ip: text("ip"),
  },
  (t) => [index("audit_log_at_idx").on(t.at)],
);

/** Fixed-window counters shared by every app instance (sign-in, sign-up, contact, reviews). */
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
});

// ─── Blog ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Articles. The full-text column `search` (Spanish configuration, accents removed, weighted
 * title > excerpt > text) and its GIN index are added by a custom migration (drizzle/0004).
 */
export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull(),
    image: text("image").notNull(),
    imageAlt: text("image_alt").notNull().default(""),
    relatedSlugs: jsonb("related_slugs").$type<string[]>().notNull().default([]),
    /**
     * Whether visitors see it: true exactly when `status` is 'publicado' (a check keeps the two
     * together). Every public query reads this flag, and its index.
     */
    isPublic: boolean("is_public").notNull().default(true),
    /**
     * borrador (being written), programado (published by the server at `publishAt`), publicado,
     * privado (hidden after being finished). docs/product.md#estados-de-un-artículo.
     */
    status: text("status").$type<ArticleStatus>().notNull().default("publicado"),
    /** When a scheduled article goes public (status 'programado'; kept as a record afterwards). */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** Minutes to read it (200 words a minute, at least 1): computed by the database. */
    readingMinutes: integer("reading_minutes")
      .notNull()
      .generatedAlwaysAs(
        sql`greatest(1, ceil(coalesce(array_length(regexp_split_to_array(btrim(content), '[[:space:]]+'), 1), 0) / 200.0))::integer`,
      ),
    /** The byline; null: the professional named in Ajustes (whatever her name is then). */
    author: text("author"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("articles_public_date_idx").on(t.isPublic, t.date),
    index("articles_category_idx").on(t.category),
    // The scheduled-publishing job looks only at scheduled articles.
    index("articles_scheduled_idx")
      .on(t.publishAt)
      .where(sql`${t.status} = 'programado'`),
    check(
      "articles_status_valid",
      sql`${t.status} in ('borrador', 'programado', 'publicado', 'privado')`,
    ),
    check("articles_public_is_published", sql`${t.isPublic} = (${t.status} = 'publicado')`),
    check(
      "articles_scheduled_has_time",
      sql`${t.status} <> 'programado' or ${t.publishAt} is not null`,
    ),
  ],
);

export type ArticleStatus = "borrador" | "programado" | "publicado" | "privado";

/**
 * Every save of an article keeps its text as it was saved (who, when): the revisions list, its
 * diff and 'Restaurar'. The oldest beyond ARTICLE_REVISIONS_KEPT are pruned on save.
 */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull(),
    /** The account that saved it; null once that account is deleted (the name stays). */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("article_revisions_article_idx").on(t.articleId, t.createdAt)],
);

/**
 * The open editor's unsaved text, sent every few seconds while typing: one copy per person and
 * article (article_id null: a new article), never the published text. Deleted when the article
 * is saved or the copy discarded; purged after RETENTION.articleAutosaveDays.
 */
export const articleAutosaves = pgTable(
  "article_autosaves",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("article_autosaves_owner").on(t.userId, t.articleId).nullsNotDistinct()],
);

/**
 * A link that shows an unpublished article to someone without an account: only the token's hash
 * is stored; it expires and can be revoked (docs/product.md#enlaces-de-vista-previa).
 */
export const articlePreviewLinks = pgTable(
  "article_preview_links",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** Who made it; null once that account is deleted. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("article_preview_links_article_idx").on(t.articleId)],
);

/** A changed article slug keeps its old address: /blog/{fromSlug} answers 301 to the new one. */
export const articleRedirects = pgTable("article_redirects", {
  fromSlug: text("from_slug").primaryKey(),
  toSlug: text("to_slug").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Seed content inserted once per database (articles, reviews …), so edits are never overwritten. */
export const contentSeeds = pgTable("content_seeds", {
  key: text("key").primaryKey(),
  seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
});

// ─── Contact and e-mail ──────────────────────────────────────────────────────────────────────────

/** Messages sent from the contact form, stored as written (trimmed; docs/decisions/009). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    index("contact_messages_email_idx").on(t.email),
  ],
);

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * The durable e-mail outbox (docs/architecture.md#e-mail-outbox): a row is written in the same
 * transaction as what it announces and delivered by the worker with retries; several instances
 * never send the same row twice.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    replyTo: text("reply_to"),
    /**
     * The sender's display name (the professional's name from Ajustes on the e-mails to clients);
     * the address is always MAIL_FROM's. Null: MAIL_FROM as it is.
     */
    fromName: text("from_name"),
    /** Files sent with it (a calendar invitation): name, type and text. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    status: text("status").notNull().default("pending"), // pending | sent | failed
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * What the e-mail is about, when it carries a person's data: `review`, `appointment`,
     * `message`, `invitation`… and that row's id. RGPD erase and export find every copy (the
     * practice's notices included) by this link, not by the recipient.
     */
    sourceKind: text("source_kind"),
    sourceId: text("source_id"),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_source_idx").on(t.sourceKind, t.sourceId),
  ],
);

// ─── Reviews ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Patient reviews: stored unpublished until staff publish them; consent recorded
 * (docs/decisions/009).
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    role: text("role").notNull().default(""),
    content: text("content").notNull(),
    rating: integer("rating").notNull().default(5),
    isPublished: boolean("is_published").notNull().default(false),
    /** When the author accepted the privacy policy and publication with the name given. */
    consentAt: timestamp("consent_at", { withTimezone: true }),
    /**
     * Where it came from: 'form' (a visitor, open submission), 'staff' (written in Reseñas),
     * 'seed' (a new install's examples, never a real client's). docs/compliance.md.
     */
    source: text("source").notNull().default("form"),
    /**
     * The author's address when known (an invitation's): for the RGPD export and erase, never
     * shown. The link to withdraw the review is a random token kept as its SHA-256 hash.
     */
    email: text("email"),
    withdrawTokenHash: text("withdraw_token_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_source", sql`${t.source} in ('form', 'staff', 'seed', 'invitation')`),
    index("reviews_withdraw_token_idx").on(t.withdrawTokenHash),
    index("reviews_published_created_idx").on(t.isPublished, t.createdAt),
  ],
);

// ─── Page counts ─────────────────────────────────────────────────────────────────────────────────

/**
 * Built-in, cookieless page counts: one row per Spanish (Europe/Madrid) day and path. Nothing
 * about the visitor is stored (no IP, user agent, cookie or any identifier).
 */
export const pageViews = pgTable(
  "page_views",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

// ─── Appointments (docs/decisions/015-appointments.md) ──────────────────────────────────────────

/** What a visitor can book: one row per service the practice offers on /cita. */
export const bookingServices = pgTable(
  "booking_services",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** presencial (the partner centre's address) | online */
    modality: text("modality").notNull(),
    priceText: text("price_text").notNull().default(""),
    /** request (the psychologist accepts or declines) | direct (confirmed by the visitor's e-mail) */
    mode: text("mode").notNull().default("request"),
    /** all | new (first visits only) | existing (returning clients only) */
    audience: text("audience").notNull().default("all"),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    check("booking_services_duration", sql`${t.durationMinutes} between 5 and 480`),
    check("booking_services_modality", sql`${t.modality} in ('presencial', 'online')`),
    check("booking_services_mode", sql`${t.mode} in ('request', 'direct')`),
    check("booking_services_audience", sql`${t.audience} in ('all', 'new', 'existing')`),
  ],
);

/** Days the practice is closed (holidays, a closed week): from and to, both included. */
export const bookingExceptions = pgTable(
  "booking_exceptions",
  {
    id: serial("id").primaryKey(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    note: text("note").notNull().default(""),
  },
  (t) => [check("booking_exceptions_order", sql`${t.endsOn} >= ${t.startsOn}`)],
);

/**
 * Appointments: special-category data (they reveal a care relationship). Only what the booking
 * needs; the links sent by e-mail are random tokens kept as SHA-256 hashes; purged after the
 * retention period (modules/booking/retention).
 *
 * status: held (a direct booking waiting for the visitor's e-mail confirmation until
 * `holdExpiresAt`) | requested (waiting for the practice) | confirmed | declined | cancelled.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: text("id").primaryKey(),
    serviceId: integer("service_id").references(() => bookingServices.id, {
      onDelete: "set null",
    }),
    /** The service as booked (its name and modality may change later). */
    serviceName: text("service_name").notNull(),
    modality: text("modality").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    clientName: text("client_name").notNull(),
    clientEmail: text("client_email").notNull(),
    clientPhone: text("client_phone").notNull().default(""),
    firstVisit: boolean("first_visit").notNull().default(true),
    note: text("note").notNull().default(""),
    /** When the visitor accepted the privacy information (null when staff booked it). */
    consentAt: timestamp("consent_at", { withTimezone: true }),
    confirmTokenHash: text("confirm_token_hash"),
    manageTokenHash: text("manage_token_hash"),
    /** The client asked, through the manage link, to move the appointment (their words). */
    changeRequest: text("change_request").notNull().default(""),
    changeRequestedAt: timestamp("change_requested_at", { withTimezone: true }),
    /** client | practice, once cancelled. */
    cancelledBy: text("cancelled_by"),
    seriesId: text("series_id"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "appointments_status",
      sql`${t.status} in ('held', 'requested', 'confirmed', 'declined', 'cancelled')`,
    ),
    check("appointments_order", sql`${t.endsAt} > ${t.startsAt}`),
    index("appointments_starts_idx").on(t.startsAt),
    index("appointments_email_idx").on(t.clientEmail),
    index("appointments_confirm_token_idx").on(t.confirmTokenHash),
    index("appointments_manage_token_idx").on(t.manageTokenHash),
  ],
);

/**
 * Every link an appointment's e-mails have carried, as the SHA-256 of its token (`manage`: the
 * page of the appointment; `confirm`: a direct booking's confirmation). Each new e-mail carries a
 * new token (only hashes are kept, so an old one cannot be sent again); a link from an earlier
 * e-mail still opens the appointment as it is now. Filled by a trigger on `appointments`
 * (drizzle/0025), so no code path that issues a token can forget it; deleted with the appointment.
 */
export const appointmentLinks = pgTable(
  "appointment_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    appointmentId: text("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("appointment_links_kind", sql`${t.kind} in ('manage', 'confirm')`),
    index("appointment_links_appointment_idx").on(t.appointmentId),
  ],
);

/** The practice's booking rules (one row, id = 1), validated by modules/booking/config.ts. */
export const bookingConfig = pgTable(
  "booking_config",
  {
    id: integer("id").primaryKey().default(1),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** SHA-256 of the secret in the agenda feed's address (null: no feed). */
    agendaFeedHash: text("agenda_feed_hash"),
    /**
     * The psychologist's own calendar (an iCalendar address, https only): its events become
     * busy times. A secret like a password (Google's private address embeds a token): never
     * logged, never in the audit log, shown masked.
     */
    busyFeedUrl: text("busy_feed_url"),
    /** When the feed was last fetched, and what came of it: busy times stored, or an error. */
    busyFeedFetchedAt: timestamp("busy_feed_fetched_at", { withTimezone: true }),
    busyFeedCount: integer("busy_feed_count"),
    busyFeedError: text("busy_feed_error"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("booking_config_single_row", sql`${t.id} = 1`)],
);

/** Busy times read from the psychologist's calendar feed (replaced whole at every fetch). */
export const busyTimes = pgTable(
  "busy_times",
  {
    id: serial("id").primaryKey(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("busy_times_starts_idx").on(t.startsAt)],
);

/**
 * Reminders queued, one row per appointment and reminder (hours before): the primary key makes
 * each reminder go out once, whatever the number of instances or restarts.
 */
export const appointmentReminders = pgTable(
  "appointment_reminders",
  {
    appointmentId: text("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    hours: integer("hours").notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.hours] })],
);

/**
 * One-time invitations to review (docs/compliance.md): staff send one to a client's address; the
 * link opens the review form once, within 30 days, and the review it brings is 'verified'. Only
 * the token's SHA-256 is kept.
 */
export const reviewInvitations = pgTable(
  "review_invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** The name the form suggests: the client's initials when invited after an appointment. */
    displayName: text("display_name").notNull().default(""),
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("review_invitations_email_idx").on(t.email)],
);

/**
 * Reminders about the practice's own legal dates (the registry's renewal, the advertising
 * authorisation): one row per reminder sent, keyed by what and which date, so each is sent once
 * whatever the number of instances (modules/compliance/reminders.server.ts).
 */
export const complianceReminders = pgTable("compliance_reminders", {
  key: text("key").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

// ─── First steps (the panel's 'Primeros pasos') ─────────────────────────────────────────────────

/**
 * What the panel's 'Primeros pasos' cannot read from elsewhere (one row, id = 1): the last test
 * e-mail queued from it and when it was delivered, when every step was first done and whether an
 * administrator hid the list. No personal data (the outbox row is addressed to staff).
 */
export const firstSteps = pgTable(
  "first_steps",
  {
    id: integer("id").primaryKey().default(1),
    /** The mail_outbox row of the last 'Enviar un correo de prueba'. */
    testMailId: integer("test_mail_id"),
    /** When a test e-mail was delivered (kept: the outbox row itself is deleted later). */
    testMailSentAt: timestamp("test_mail_sent_at", { withTimezone: true }),
    /** When every step was first done: the list stays hidden even if one later reads as undone. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** 'Ocultar': an administrator chose not to see the list any more. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("first_steps_single_row", sql`${t.id} = 1`)],
);

/**
 * The public texts she edits in 'Textos de la web' (app/modules/pages): one row per page (key
 * 'inicio', 'sobre-mi', 'servicio-<slug>', 'colaboraciones') once saved; until then the page shows
 * the bundled text in content/. Public pages read it: the content-version trigger (drizzle/0027).
 */
export const pageTexts = pgTable("page_texts", {
  key: text("key").primaryKey(),
  data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every saved version of a page's texts, newest last ('Versiones anteriores', 'Restaurar'). */
export const pageTextRevisions = pgTable(
  "page_text_revisions",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** The account that saved it; null once that account is deleted (the name stays). */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_text_revisions_key_idx").on(t.key, t.createdAt)],
);

// ─── Waitlist (docs/decisions/024-waitlist-offers.md) ─────────────────────────────────────────

/**
 * A person waiting for an hour of a service: joined from /cita when nothing fits, active once she
 * opened the e-mailed link (double opt-in), with the days and times that suit her. Personal data
 * (RGPD export and erase by e-mail, retention, the privacy policy).
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: text("id").primaryKey(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => bookingServices.id, { onDelete: "cascade" }),
    clientName: text("client_name").notNull(),
    clientEmail: text("client_email").notNull(),
    /** She says she has been to the practice before (first in line when the practice wants). */
    existingClient: boolean("existing_client").notNull().default(false),
    /** 'Lo antes posible': any day and time. */
    asap: boolean("asap").notNull().default(true),
    /** Weekdays that suit her (1 = lunes … 5 = viernes); empty with `asap`. */
    days: jsonb("days").$type<number[]>().notNull().default([]),
    /** 'manana' (before 14:00) and/or 'tarde'. */
    windows: jsonb("windows").$type<string[]>().notNull().default([]),
    /** pendiente (not confirmed yet) | activa | ofrecida | reservada | baja. */
    status: text("status").notNull(),
    confirmTokenHash: text("confirm_token_hash"),
    manageTokenHash: text("manage_token_hash").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    /** When she confirmed: her place in the list. */
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "waitlist_entries_status",
      sql`${t.status} in ('pendiente', 'activa', 'ofrecida', 'reservada', 'baja')`,
    ),
    index("waitlist_entries_email_idx").on(t.clientEmail),
    index("waitlist_entries_confirm_idx").on(t.confirmTokenHash),
    index("waitlist_entries_manage_idx").on(t.manageTokenHash),
  ],
);

/**
 * An hour that became free (a cancellation, a move, or one she releases by hand) and what came of
 * it: abierta (to offer) | ofrecida | cubierta (booked through an offer) | sin-candidatos (nobody
 * fits yet) | ocupada (booked otherwise) | pasada (too near or gone). No personal data.
 */
export const waitlistSlots = pgTable(
  "waitlist_slots",
  {
    id: serial("id").primaryKey(),
    serviceId: integer("service_id").references(() => bookingServices.id, {
      onDelete: "set null",
    }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** cancelacion | cambio | liberada. */
    reason: text("reason").notNull(),
    status: text("status").notNull().default("abierta"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("waitlist_slots_status_idx").on(t.status, t.startsAt)],
);

/**
 * One offer of a freed hour to one person: the hour is held for her (a `held` appointment) until
 * `expiresAt`. At most one live offer per hour (the partial unique index): never two people at
 * once. por-aprobar (the practice approves first) | enviada | aceptada | rechazada | caducada |
 * retirada.
 */
export const waitlistOffers = pgTable(
  "waitlist_offers",
  {
    id: text("id").primaryKey(),
    slotId: integer("slot_id")
      .notNull()
      .references(() => waitlistSlots.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    appointmentId: text("appointment_id"),
    status: text("status").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("waitlist_offers_one_live_idx")
      .on(t.slotId)
      .where(sql`${t.status} in ('por-aprobar', 'enviada')`),
    index("waitlist_offers_token_idx").on(t.tokenHash),
    index("waitlist_offers_entry_idx").on(t.entryId),
  ],
);

/** The waitlist's rules (one row; defaults until she saves). */
export const waitlistConfig = pgTable(
  "waitlist_config",
  {
    id: integer("id").primaryKey().default(1),
    holdMinutes: integer("hold_minutes").notNull().default(120),
    existingFirst: boolean("existing_first").notNull().default(true),
    approveFirst: boolean("approve_first").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("waitlist_config_single_row", sql`${t.id} = 1`)],
);

// ─── Advertising authorisations (docs/compliance.md) ──────────

/**
 * A public text's authorisation as health advertising (Aragón's RAPS number, Asturias, Murcia): the
 * number, its dates and the text as authorised with its SHA-256. A later edit of the text puts it
 * outside the authorisation (Estado legal compares the fingerprints). One per text: 'texto:<page
 * key>' or 'articulo:<article id>'. Public pages show the number: the content-version trigger.
 * No personal data.
 */
export const advertisingAuthorisations = pgTable("advertising_authorisations", {
  id: serial("id").primaryKey(),
  target: text("target").notNull().unique(),
  number: text("number").notNull(),
  authorisedOn: date("authorised_on", { mode: "string" }).notNull(),
  expiresOn: date("expires_on", { mode: "string" }).notNull(),
  authorisedText: text("authorised_text").notNull(),
  fingerprint: text("fingerprint").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ─── Informed consent and intake (docs/decisions/022-informed-consent.md) ───────────────────────

/**
 * Every saved version of a consent document (the general consent, online sessions, minors, data
 * protection), never changed once written: a request names the versions it sent, so the text a
 * person signed is always the one shown (its SHA-256 is in the signed PDF). No personal data.
 */
export const consentDocumentVersions = pgTable(
  "consent_document_versions",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    /** Markdown, as written in the visual editor. */
    body: text("body").notNull(),
    sha256: text("sha256").notNull(),
    /** The professional confirmed she reviewed it: only such a version is ever sent. */
    ready: boolean("ready").notNull().default(false),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "consent_document_versions_kind",
      sql`${t.kind} in ('general', 'online', 'minors', 'data')`,
    ),
    index("consent_document_versions_kind_idx").on(t.kind, t.id),
  ],
);

/**
 * The intake questionnaire she builds (one row, id = 1; validated by modules/consent/intake.ts).
 * Each request keeps a copy of the questions it asked. No personal data.
 */
export const intakeForm = pgTable("intake_form", {
  id: integer("id").primaryKey().default(1),
  enabled: boolean("enabled").notNull().default(true),
  questions: jsonb("questions").$type<unknown[]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A consent sent to a client (for an appointment or on its own): special-category data. The
 * documents are referenced by version (frozen); answers, signatures, PDFs and notes are sealed
 * (platform/sealed.server.ts), never in plain columns. Kept 5 years from the client's last visit
 * (Ley 41/2002 art. 17), then deleted by the retention job.
 *
 * subject: adult (the client signs) | minor (under 16: each parent or guardian signs) | teen
 * (16–17: the client signs, parents optionally). status: pending | complete | withdrawn | cancelled.
 */
export const consentRequests = pgTable(
  "consent_requests",
  {
    id: text("id").primaryKey(),
    appointmentId: text("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    clientName: text("client_name").notNull(),
    clientEmail: text("client_email").notNull(),
    subject: text("subject").notNull(),
    /** The consent_document_versions sent: [{ id, kind, title, sha256 }]. */
    documents: jsonb("documents").$type<unknown[]>().notNull(),
    /** The questions asked (a copy of intake_form's), or null when there was no questionnaire. */
    intake: jsonb("intake").$type<unknown[] | null>(),
    status: text("status").notNull().default("pending"),
    /** The documented exception (sole custody, court authorisation): sealed text, with who and when. */
    exceptionSealed: text("exception_sealed"),
    exceptionAt: timestamp("exception_at", { withTimezone: true }),
    exceptionBy: text("exception_by"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** The latest visit of this client the retention job has seen (the 5 years count from it). */
    lastVisitAt: timestamp("last_visit_at", { withTimezone: true }),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("consent_requests_subject", sql`${t.subject} in ('adult', 'minor', 'teen')`),
    check(
      "consent_requests_status",
      sql`${t.status} in ('pending', 'complete', 'withdrawn', 'cancelled')`,
    ),
    index("consent_requests_appointment_idx").on(t.appointmentId),
    index("consent_requests_email_idx").on(t.clientEmail),
  ],
);

/**
 * One person who must sign a request (the client, or each parent or guardian), with a link of
 * their own: the SHA-256 of a one-use token that expires. Once signed, the link is spent and a
 * second token (`copy_token_hash`) opens her copy and the withdrawal. What she signed (name,
 * DNI/NIE, answers, drawn signature, IP) and the PDF are sealed.
 *
 * role: client | parent. A signer is `waived` when the practice recorded an exception for it.
 */
export const consentSigners = pgTable(
  "consent_signers",
  {
    id: text("id").primaryKey(),
    requestId: text("request_id")
      .notNull()
      .references(() => consentRequests.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    role: text("role").notNull(),
    email: text("email").notNull(),
    /** Whether this signer answers the intake questionnaire (the client, or the first parent). */
    answersIntake: boolean("answers_intake").notNull().default(false),
    tokenHash: text("token_hash").unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    waivedAt: timestamp("waived_at", { withTimezone: true }),
    copyTokenHash: text("copy_token_hash").unique(),
    /** Sealed JSON: { name, idNumber, answers, ip, userAgent, signature (PNG, base64) }. */
    recordSealed: text("record_sealed"),
    /** Sealed PDF (base64url of the sealed bytes). */
    pdfSealed: text("pdf_sealed"),
    pdfSha256: text("pdf_sha256"),
  },
  (t) => [
    check("consent_signers_role", sql`${t.role} in ('client', 'parent')`),
    index("consent_signers_request_idx").on(t.requestId, t.position),
  ],
);
