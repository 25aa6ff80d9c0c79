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

export const CAPABILITIES = {
  canPublish: ["administrator", "editor"],
  canManageUsers: ["administrator"],
  canReadMessages: ["administrator", "editor"],
  /** Visitor reviews waiting for moderation hold health data: contributors see published ones only. */
  canReadUnpublishedReviews: ["administrator", "editor"],
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
