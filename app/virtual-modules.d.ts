/** The site script's address, from the build (vite.config.ts, `siteScript`). */
declare module "virtual:site-script" {
  const address: string;
  export default address;
  /** The crisis check's script (app/browser/crisis.ts), added by the site script on demand. */
  export const crisisScript: string;
}
