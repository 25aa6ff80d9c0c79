/**
 * Roles and what each may do (docs/decisions/007-roles-and-permissions.md). Safe in the browser:
 * it only decides what to show.
 */
export const ROLES = ["administrator", "editor", "contributor"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  administrator: "Administrador",
  editor: "Editor",
  contributor: "Colaborador",
};

/** Each capability is named after what it protects; the guards ask for exactly that. */
export const CAPABILITIES = {
  /** Create, edit, publish and delete articles, and upload their images. */
  "articles.publish": ["administrator", "editor"],
  /** The public pages' own texts and figures ('Textos de la web'), and restoring earlier versions. */
  "pages.edit": ["administrator", "editor"],
  /** Publish, edit, hide and delete visitors' reviews. */
  "reviews.moderate": ["administrator", "editor"],
  /** Reviews waiting for moderation hold health data: contributors see published ones only. */
  "reviews.readUnpublished": ["administrator", "editor"],
  /** The contact inbox: read a message, mark it read or answered. */
  "messages.read": ["administrator", "editor"],
  "messages.delete": ["administrator"],
  /** RGPD requests about one address: export (art. 15) and erase (art. 17) every copy. */
  "privacy.requests": ["administrator"],
  /** The e-mails waiting or failed, and sending one again. */
  "mail.retry": ["administrator"],
  /**
   * The agenda in full: who has an appointment, their contact details and note (health data: an
   * appointment reveals a care relationship).
   */
  "appointments.read": ["administrator", "editor"],
  /** The agenda as busy blocks only (start and end, "Ocupado"): no client, service or note. */
  "appointments.readBusy": ["administrator", "editor", "contributor"],
  /** Accept, decline, cancel and book appointments; the services and hours offered. */
  "appointments.manage": ["administrator", "editor"],
  /** Create, renew or remove the agenda's calendar address (a lasting secret to every appointment). */
  "appointments.feed": ["administrator"],
  /**
   * Consents sent to clients: send, send again, cancel, record an exception, and each signer's
   * status (it names the client: a care relationship).
   */
  "consent.manage": ["administrator", "editor"],
  /** Open a signed consent (the PDF with the intake answers): the psychologist only. */
  "consent.read": ["administrator"],
  /** Write the consent documents and the intake questionnaire (her professional responsibility). */
  "consent.documents": ["administrator"],
  "users.manage": ["administrator"],
  "settings.manage": ["administrator"],
  "audit.read": ["administrator"],
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof CAPABILITIES;

/**
 * The capabilities that show health data (RGPD art. 9) or hand out a way to read it: a role that
 * holds any of them must use a second factor (TWO_FACTOR_REQUIRED_ROLES is derived from this
 * list, never written by hand). A new capability that reads such data belongs here.
 */
export const HEALTH_DATA_CAPABILITIES = [
  // Reviews waiting for moderation, and moderating them (which shows them).
  "reviews.readUnpublished",
  "reviews.moderate",
  // The contact inbox.
  "messages.read",
  "messages.delete",
  // RGPD export and erase by address.
  "privacy.requests",
  // The e-mail outbox: notices, answers and appointment e-mails as queued.
  "mail.retry",
  // The agenda with clients, contact details and notes; managing it shows them too.
  "appointments.read",
  "appointments.manage",
  // The agenda's calendar address: a lasting key to every confirmed appointment.
  "appointments.feed",
  // Consents: who was asked to sign (manage) and what they signed and answered (read).
  "consent.manage",
  "consent.read",
] as const satisfies readonly Capability[];

/** Roles that hold a health-data capability: the guard admits them only with 2FA enrolled. */
export const TWO_FACTOR_REQUIRED_ROLES: readonly Role[] = ROLES.filter((role) =>
  HEALTH_DATA_CAPABILITIES.some((c) => (CAPABILITIES[c] as readonly Role[]).includes(role)),
);

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function can(role: string | undefined | null, capability: Capability) {
  return isRole(role) && (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

export function roleLabel(role: string) {
  return isRole(role) ? ROLE_LABELS[role] : role;
}
