/**
 * How visitors' pages hydrate, the `HYDRATION` switch (docs/decisions/014): `deferred` (the
 * default) after the first paint, with the heading font and the manifest after the first screen;
 * `immediate` as React Router does it, everything asked for from the start. Process-wide: read
 * once at start-up, so every render, cached or not, follows the same mode.
 */
export const HYDRATION_MODES = ["deferred", "immediate"] as const;
export type HydrationMode = (typeof HYDRATION_MODES)[number];

let serverMode: HydrationMode = "deferred";

/**
 * Set by app/entry.server.tsx before each render, read by the root while it renders on the
 * server. A module value rather than a React context: the browser bundle, where nothing reads
 * it, then carries none of it (the public pages' JavaScript budget).
 */
export function setServerHydrationMode(mode: HydrationMode) {
  serverMode = mode;
}

/** The server's mode while it renders. */
export function serverHydrationMode() {
  return serverMode;
}
