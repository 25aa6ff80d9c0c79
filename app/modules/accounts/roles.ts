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
  /** The agenda: appointments reveal a care relationship; every member of staff may read it. */
  "appointments.read": ["administrator", "editor", "contributor"],
  /** Accept, decline, cancel and book appointments; the services and hours offered. */
  "appointments.manage": ["administrator", "editor"],
  "users.manage": ["administrator"],
  "settings.manage": ["administrator"],
  "audit.read": ["administrator"],
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof CAPABILITIES;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function can(role: string | undefined | null, capability: Capability) {
  return isRole(role) && (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

export function roleLabel(role: string) {
  return isRole(role) ? ROLE_LABELS[role] : role;
}
