import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

// Random bytes are drawn 4 KB at a time: one system call per 256 responses, not one each.
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

/** A fresh nonce for every response (16 random bytes); the CSP allows only scripts with it. */
export function nonce(_req: Request, res: Response, next: NextFunction) {
  if (randomOffset + 16 > randomPool.length) {
    randomPool = randomBytes(4096);
    randomOffset = 0;
  }
  res.locals.cspNonce = randomPool.toString("base64", randomOffset, randomOffset + 16);
  randomOffset += 16;
  next();
}

const ANALYTICS_HOSTS = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];

/**
 * The Content-Security-Policy, with the script sources that allow this response's inline
 * scripts: `'nonce-…'` (a fresh nonce per rendered response) or `'sha256-…'` hashes (a page from
 * the page cache, the same bytes for every visitor: docs/decisions/005). Scripts loaded by those
 * (the bundles) are trusted through 'strict-dynamic'; nothing else runs, 'unsafe-inline' never.
 */
export function contentSecurityPolicy(publicUrl: string, scriptSources: string[]) {
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...scriptSources, "'strict-dynamic'"]],
    // Libraries (dialogs, drawers) set inline style attributes; scripts stay strict.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    // The analytics hosts are only contacted after the visitor accepts analytics
    // (docs/decisions/011-public-site-choices.md).
    ["img-src", ["'self'", "data:", "blob:", ...ANALYTICS_HOSTS]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...ANALYTICS_HOSTS]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["frame-ancestors", ["'none'"]],
    ["form-action", ["'self'"]],
  ];
  if (publicUrl.startsWith("https://")) directives.push(["upgrade-insecure-requests", []]);
  return directives.map(([name, values]) => [name, ...values].join(" ")).join(";");
}

export function securityHeaders(publicUrl: string) {
  const https = publicUrl.startsWith("https://");
  const headers = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy(publicUrl, [`'nonce-${res.locals.cspNonce as string}'`]),
    );
    headers(req, res, next);
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins a state-changing request may come from: PUBLIC_URL's, and nothing the request
 * says about itself (a `Host` header is the client's to choose: DNS rebinding sends the
 * attacker's). When PUBLIC_URL is a loopback address (`npm start` on a laptop), the other
 * loopback names of the same port are the same machine and count too.
 */
export function ownOrigins(publicUrl: string) {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
    }
  }
  return origins;
}

/**
 * Refuses state-changing requests sent from another site (CSRF): the browser tells us through
 * Sec-Fetch-Site and Origin. Requests without either (curl, server-to-server) are allowed.
 */
export function sameOriginOnly(publicUrl: string) {
  const allowed = ownOrigins(publicUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const foreignSite = site !== undefined && site !== "same-origin" && site !== "none";
    const foreignOrigin = origin !== undefined && origin !== "null" && !allowed.has(origin);
    if (foreignSite || foreignOrigin || origin === "null") {
      res
        .status(403)
        .type("text/plain; charset=utf-8")
        .send("Solicitud rechazada: origen no permitido.");
      return;
    }
    next();
  };
}
