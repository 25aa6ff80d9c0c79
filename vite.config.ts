import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { headingFont } from "./scripts/heading-font.js";

/**
 * Fewer, larger chunks for what every public page needs: on a slow phone connection each extra
 * request is another round trip before first paint. Everything else keeps Vite's own splitting,
 * so admin-only and on-demand libraries (dialogs, drawer, toasts) never enter these chunks.
 */
const FRAMEWORK =
  /node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
const UI_CORE = /node_modules\/(lucide-react|clsx|class-variance-authority)\//;
const SITE_SHARED =
  /\/app\/(utils\/(cn|meta|nonce|notify|format)|components\/site\/(contact-fields|site-header|site-footer|nav-items|use-section-navigation|error-page|images|article-card|share|service-meta)|components\/ui\/(button|link-button|input|textarea|checkbox|form-field|label|banner)|modules\/(blog\/categories|services\/slugs|settings\/social))\.tsx?$/;

// What the site script (app/browser) shares with the application: one small chunk of its own, so
// that the site script never pulls in a chunk that imports React.
const SITE_SCRIPT_SHARED = /\/app\/utils\/(consent|mailto|new-reviews|page-kind)\.ts$/;

// The icons public pages use travel with the shared core; admin-only icons stay with their pages.
const PUBLIC_ICONS =
  /\/lucide-react\/dist\/esm\/icons\/(check|circle-check|circle-check-big|circle-alert|info|phone|mail|map-pin|menu|share-2|user|users|search|rss|star|book-open|external-link|graduation-cap|flower-2|heart-handshake|arrow-left|arrow-right)\.mjs$/;

function chunkFor(id: string) {
  if (FRAMEWORK.test(id)) return "framework";
  if (SITE_SCRIPT_SHARED.test(id)) return "comun";
  if (id.includes("/lucide-react/dist/esm/icons/")) {
    return PUBLIC_ICONS.test(id) ? "ui-core" : undefined;
  }
  if (UI_CORE.test(id)) return "ui-core";
  if (SITE_SHARED.test(id)) return "site";
  return undefined;
}

/**
 * The day this build was made, in Madrid ('2026-11-24'): the accessibility statement's date of the
 * last check (docs/compliance.md#accessibility-statement). A release is built only after the
 * whole test suite, axe on every route included, has passed. Only `vite build` sets it.
 */
const buildDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());

/**
 * The busy-times calendar is read in a worker thread (app/modules/booking/busy-feed.server.ts),
 * whose file the server bundle does not contain: the SSR build emits the worker's entry as its
 * own file, build/server/busy-ics-worker.js, and the `new URL("./busy-ics-worker.server.ts",
 * import.meta.url)` that names it in the source becomes the path to that file from the chunk that
 * holds it. (Vite's worker handling is for browsers, and `import.meta.ROLLUP_FILE_URL_…` would
 * make it a web address and move the file to build/client.) Tests and `npm run dev` run the
 * source file itself.
 */
function busyFeedWorker(): Plugin {
  const entry = path.resolve("app/modules/booking/busy-ics-worker.server.ts");
  const fileName = "busy-ics-worker.js";
  const source = 'new URL("./busy-ics-worker.server.ts", import.meta.url)';
  const placeholder = "__busy_ics_worker_file__";
  return {
    name: "busy-feed-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      this.emitFile({ type: "chunk", id: entry, fileName });
    },
    transform(code, id) {
      if (!id.endsWith("/busy-feed.server.ts")) return null;
      if (!code.includes(source)) this.error(`${id} no longer names its worker as ${source}`);
      return code.replace(source, `new URL("${placeholder}", import.meta.url)`);
    },
    renderChunk(code, chunk) {
      if (!code.includes(placeholder)) return null;
      const relative = path.posix.relative(path.posix.dirname(chunk.fileName), fileName);
      return code.replaceAll(placeholder, relative.startsWith(".") ? relative : `./${relative}`);
    },
  };
}

/**
 * The site script (app/browser/site.ts, docs/decisions/020) is not a route module: the client
 * build emits it as a chunk of its own (`assets/sitio-<hash>.js`), and `virtual:site-script`
 * gives the server its address (in development, the source file, which Vite serves). The client
 * build runs before the server's, so the address is known when the server bundle asks. The crisis
 * check (app/browser/crisis.ts) is a second such chunk: the site script adds it with a plain
 * <script> when a visitor first uses a watched field, from the address the server renders on the
 * field (a dynamic import() would bring Vite's preload helper into every public page).
 */
export function siteScript(): Plugin {
  const entries = {
    sitio: path.resolve("app/browser/site.ts"),
    crisis: path.resolve("app/browser/crisis.ts"),
  };
  const id = "virtual:site-script";
  const addresses = new Map<string, string>();
  return {
    name: "site-script",
    buildStart() {
      if (this.environment?.mode === "build" && this.environment.name === "client") {
        for (const [name, entry] of Object.entries(entries)) {
          this.emitFile({ type: "chunk", id: entry, name });
        }
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const [name, entry] of Object.entries(entries)) {
          if (chunk.facadeModuleId === entry) addresses.set(name, `/${chunk.fileName}`);
        }
      }
    },
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(loaded) {
      if (loaded !== `\0${id}`) return null;
      const module = (site: string, crisis: string) =>
        `export default ${JSON.stringify(site)}; export const crisisScript = ${JSON.stringify(crisis)};`;
      // In development and in tests: the source files, which Vite serves.
      if (this.environment?.mode !== "build") {
        return module("/app/browser/site.ts", "/app/browser/crisis.ts");
      }
      // The browser never needs them (the server renders the addresses).
      if (this.environment.name === "client") return module("", "");
      const site = addresses.get("sitio");
      const crisis = addresses.get("crisis");
      if (!site || !crisis) this.error("la compilación del cliente no generó el script del sitio");
      return module(site, crisis);
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: { tsconfigPaths: true },
  define: command === "build" ? { __BUILD_DAY__: JSON.stringify(buildDay) } : {},
  environments: {
    client: { build: { rollupOptions: { output: { manualChunks: chunkFor } } } },
    // The SSR bundle's entry is our Express app, which embeds the React Router build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [headingFont(), tailwindcss(), reactRouter(), busyFeedWorker(), siteScript()],
}));
