import { createContext, useContext } from "react";

/**
 * How visitors' pages hydrate, the `HYDRATION` switch (docs/decisions/014): `deferred` (the
 * default) after the first paint, with the heading font and the manifest after the first screen;
 * `immediate` as React Router does it, everything asked for from the start. Process-wide: read
 * once at start-up, so every render, cached or not, follows the same mode.
 */
export const HYDRATION_MODES = ["deferred", "immediate"] as const;
export type HydrationMode = (typeof HYDRATION_MODES)[number];

const HydrationContext = createContext<HydrationMode>("deferred");
export const HydrationModeProvider = HydrationContext.Provider;

/** The server's mode while it renders (in the browser the default: nothing reads it there). */
export function useHydrationMode() {
  return useContext(HydrationContext);
}
