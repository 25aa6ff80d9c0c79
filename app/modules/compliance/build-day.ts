/** Set by `vite build` (vite.config.ts): the day the running version was built, in Madrid. */
declare const __BUILD_DAY__: string | undefined;

/**
 * The day ('2026-11-24') the running version was built, or null outside a production build (the
 * development server, the tests). The accessibility statement gives it as the date of its last
 * review: `npm test` builds and then runs axe on every route of that build
 * (docs/compliance.md#accessibility-statement).
 */
export function buildDay(): string | null {
  return typeof __BUILD_DAY__ === "string" ? __BUILD_DAY__ : null;
}
