/** The site script's address, from the build (vite.config.ts, `siteScript`). */
declare module "virtual:site-script" {
  const address: string;
  export default address;
}
