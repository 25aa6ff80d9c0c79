import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { RouterContextProvider } from "react-router";
import { databaseContext, requestInfoContext } from "~/context";
import { closeDb, getDb, getDbHandle } from "~/db/client.server";
import { currentContentVersion } from "~/db/content-version.server";
import { sessionMay } from "~/modules/accounts/guard.server";
import { countPageViews } from "~/modules/analytics/page-views.server";
import { MAX_IMAGE_BYTES } from "~/modules/media/limits";
import { rateLimitIp } from "~/utils/client-ip.server";
import { getEnv } from "~/utils/env.server";
import { errSerializer, logger, safeUrl } from "~/utils/logger.server";
import { errorPageHtml } from "./error-page";
import { createRequestHandler } from "./react-router-handler";
import { allowedMethods, limitBody, noNulInUrl, noStoreForPrivatePaths } from "./request-guards";
import { createPageCache } from "./page-cache";
import { routeMethods } from "./route-methods";
import { contentSecurityPolicy, nonce, sameOriginOnly, securityHeaders } from "./security";

export interface AppOptions {
  /** build/client in production; absent in development (Vite serves assets). */
  staticDir?: string;
}

/**
 * The whole HTTP application: security headers on every response (HTML, assets, 404, 500),
 * method and NUL checks, no-store on private paths, CSRF origin check, compression, cookieless
 * page counts, static files, health check, body size limit, then React Router.
 */
/** The React Router build (the routes and their modules), loaded once on first use. */
const loadBuild = () => import("virtual:react-router/server-build");

export function createApp({ staticDir }: AppOptions = {}) {
  const env = getEnv();
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies listed in TRUST_PROXY (none by default):
  // otherwise any client could pick its own address and dodge the per-IP rate limits.
  app.set("trust proxy", env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY : false);

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      serializers: {
        // Query values (reset tokens, e-mails, searches) never reach the log.
        req: (req: { method: string; url: string }) => ({
          method: req.method,
          url: safeUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: errSerializer,
      },
    }),
  );
  app.use(nonce);
  app.use(securityHeaders(env.PUBLIC_URL));
  app.use(allowedMethods);
  app.use(noNulInUrl);
  app.use(noStoreForPrivatePaths);
  app.use(sameOriginOnly(env.PUBLIC_URL));
  // Counts public page views per day once each response has finished (never delays it).
  app.use(countPageViews(getDb));

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      const handle = await getDbHandle();
      await withTimeout(handle.ping(), 2000);
      res.json({ status: "ok" });
    } catch {
      res.status(503).json({ status: "error" });
    }
  });

  // The files of the build (listed once: they do not change while the server runs).
  const staticFiles = staticDir ? listFiles(staticDir) : new Set<string>();
  const isStaticFile = (pathname: string) =>
    pathname.startsWith("/assets/") || staticFiles.has(pathname);

  // Anonymous visitors' pages from memory, stored compressed (so before `compression`); a miss
  // goes on to React Router below and fills it.
  if (!env.CACHE_DISABLED) {
    const pageCache = createPageCache({
      maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
      readVersion: () => currentContentVersion(),
      contentSecurityPolicy: (sources) => contentSecurityPolicy(env.PUBLIC_URL, sources),
      onError: (err, what) => logger.warn({ err }, what),
    });
    app.use((req, res, next) =>
      isStaticFile(req.path) ? next() : void pageCache.lookup(req, res, next),
    );
  }

  // Server-sent events must reach the browser as they are written, not when a buffer fills.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
        compression.filter(req, res),
    }),
  );

  if (staticDir) {
    app.use(
      "/assets",
      express.static(path.join(staticDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        fallthrough: true,
      }),
    );
    // Only paths that are files of the build reach the disk (no stat() for every page).
    const files = express.static(staticDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (staticFiles.has(req.path) ? files(req, res, next) : next()));
  }

  // A method the addressed route cannot answer: 405 here, before its body is read.
  app.use(routeMethods(loadBuild));

  app.use(
    limitBody({
      formBytes: env.MAX_BODY_KB * 1024,
      // An article may hold 100,000 characters; percent-encoded accents take up to 6 bytes each.
      articleBytes: 1024 * 1024,
      // The editor's own form, and its autosaved copy (the same fields).
      articlePaths: /^\/admin\/blog\/(?:nuevo|editar\/|autoguardado$)/,
      mayPostArticles: async (req) =>
        sessionMay(await getDb(), req.headers.cookie ?? null, "articles.publish"),
      // The image plus room for the multipart boundaries and a few small fields.
      uploadBytes: MAX_IMAGE_BYTES + 64 * 1024,
      uploadPath: "/api/imagenes",
    }),
  );

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: loadBuild,
      mode: process.env.NODE_ENV,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(requestInfoContext, {
          nonce: res.locals.cspNonce as string,
          // A real address (never a forged header value), IPv6 per /64: every rate-limit key.
          ip: rateLimitIp(req.ip, req.socket.remoteAddress),
          forCache: res.locals.pageCache !== undefined,
        });
        context.set(databaseContext, getDb);
        return context;
      },
    }),
  );

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    // A request the server cannot read (an address that does not decode, a malformed body):
    // Express marks it 4xx. It is the visitor's, not the server's, error.
    const status = (err as { status?: unknown } | null)?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      req.log?.info({ err }, "petición no válida");
      if (res.headersSent) return res.end();
      return res
        .status(status)
        .type("html")
        .send(
          errorPageHtml(
            status,
            "Petición no válida",
            "La dirección o los datos enviados no se pueden leer. Revisa el enlace o vuelve a la página de inicio.",
          ),
        );
    }
    req.log?.error({ err }, "error no controlado");
    if (res.headersSent) return res.end();
    res
      .status(500)
      .type("html")
      .send(
        errorPageHtml(
          500,
          "Algo ha salido mal",
          "Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo en unos minutos.",
        ),
      );
  };
  app.use(onError);
  return app;
}

/** Every file under `dir` as a URL path ("/favicon.ico", "/illustrations/hero.svg"). */
function listFiles(dir: string) {
  const files = new Set<string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
    files.add(`/${relative.split(path.sep).join("/")}`);
  }
  return files;
}

function withTimeout<T>(promise: Promise<T>, ms: number) {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref()),
  ]);
}

/** Opens (and migrates) the database before the first request is accepted. */
export { getEnv } from "~/utils/env.server";
export { logger } from "~/utils/logger.server";

/** For bench/search.js and bench/slots.js: the real search and booking code on a database of their own. */
export async function benchApi() {
  const [
    { openDatabase },
    { migrateDatabase },
    blog,
    seed,
    schema,
    booking,
    config,
    settings,
    defaults,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/migrate.server"),
    import("~/modules/blog/blog.server"),
    import("~/modules/blog/seed.server"),
    import("~/db/schema"),
    import("~/modules/booking/booking.server"),
    import("~/modules/booking/config"),
    import("~/modules/settings/settings.server"),
    import("~/modules/settings/defaults"),
  ]);
  return {
    openDatabase,
    migrateDatabase,
    listArticles: blog.listArticles,
    bundledArticles: seed.bundledArticles,
    articles: schema.articles,
    appointments: schema.appointments,
    busyTimes: schema.busyTimes,
    bookingConfig: schema.bookingConfig,
    seedBookingServices: booking.seedBookingServices,
    listServices: booking.listServices,
    slotsFor: booking.slotsFor,
    bookingView: booking.bookingView,
    DEFAULT_BOOKING_CONFIG: config.DEFAULT_BOOKING_CONFIG,
    updateSettings: settings.updateSettings,
    DEFAULT_SETTINGS: defaults.DEFAULT_SETTINGS,
  };
}

/** For scripts/user-create.js: opens (and migrates) the database, then creates or updates. */
export async function createUserFromCli(input: {
  email: string;
  password: string;
  name?: string;
  role: string;
}) {
  const { upsertUserFromCli } = await import("~/modules/accounts/accounts.server");
  return upsertUserFromCli((await getDbHandle()).db, input);
}

let background: Array<{ stop(): Promise<void> }> = [];

/**
 * Opens (and migrates) the database, seeds content, starts the background workers. Returns the
 * first-run setup link when the site has no account yet (server/main.js prints it last).
 */
export async function start(): Promise<{ setupLink: string | null }> {
  const { db } = await getDbHandle();
  const { seedArticles } = await import("~/modules/blog/seed.server");
  const { startOutboxWorker } = await import("~/platform/mail/outbox.server");
  const { startRetentionJob } = await import("~/modules/retention/retention.server");
  const { startReminderJob } = await import("~/modules/booking/reminders.server");
  const { startBusyFeedJob } = await import("~/modules/booking/busy-feed.server");
  const { startExpiryReminderJob } = await import("~/modules/compliance/reminders.server");
  const { startPublishingJob } = await import("~/modules/blog/publishing.server");
  const { startWaitlistJob } = await import("~/modules/booking/waitlist.server");
  const { seedReviews } = await import("~/modules/reviews/reviews.server");
  const { ensureSetupLink } = await import("~/modules/accounts/setup.server");
  const { seedBookingServices } = await import("~/modules/booking/booking.server");
  await seedArticles(db);
  await seedReviews(db);
  await seedBookingServices(db);
  // No account yet: a one-time link that creates the first administrator.
  const setupLink = await ensureSetupLink(db);
  const { OUTBOX_INTERVAL_MS, OUTBOX_RETRY_BASE_MS } = getEnv();
  background = [
    startOutboxWorker(
      async () => (await getDbHandle()).db,
      OUTBOX_INTERVAL_MS,
      OUTBOX_RETRY_BASE_MS,
    ),
    startRetentionJob(getDbHandle),
    startReminderJob(async () => (await getDbHandle()).db),
    startBusyFeedJob(async () => (await getDbHandle()).db),
    startExpiryReminderJob(async () => (await getDbHandle()).db),
    startPublishingJob(async () => (await getDbHandle()).db),
    startWaitlistJob(async () => (await getDbHandle()).db),
  ];
  return { setupLink };
}

/**
 * For server/main.js: prints the setup link framed, after every line logged so far. It goes
 * through the log's own stream, which writes asynchronously: written straight to stdout, the
 * frame came out before the 'Servidor escuchando' lines logged just before it.
 */
export async function printSetupBanner(link: string) {
  const { setupBanner } = await import("~/modules/accounts/setup-banner");
  const { SETUP_DAYS } = await import("~/modules/accounts/setup.server");
  const { default: pino } = await import("pino");
  const stream = (logger as unknown as Record<symbol, { write(text: string): void } | undefined>)[
    pino.symbols.streamSym
  ];
  const text = `\n${setupBanner(link, SETUP_DAYS)}\n\n`;
  if (stream) stream.write(text);
  else process.stdout.write(text);
}

/** First step of a shutdown: ends the long-lived event streams so in-flight requests can finish. */
export async function drain() {
  const { closeReviewStreams } = await import("~/platform/events.server");
  closeReviewStreams();
}

/** Stops background work and closes the database; called once on shutdown. */
export async function stop() {
  // Password-reset e-mails prepared after their response are queued before the database closes.
  const { settleAccountsWork } = await import("~/modules/accounts/password-reset.server");
  await settleAccountsWork();
  await Promise.all(background.map((job) => job.stop()));
  background = [];
  await closeDb();
}

/** For server/main.js: removes group/world access inside DATA_DIR at start-up. */
export { secureDataDir } from "~/utils/data-dir.server";
