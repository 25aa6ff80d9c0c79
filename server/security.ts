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

/** A fresh nonce for every response; the CSP allows only scripts that carry it. */
export function nonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

export function securityHeaders(publicUrl: string) {
  const https = publicUrl.startsWith("https://");
  const ANALYTICS_HOSTS = [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
  ];
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`,
          "'strict-dynamic'",
        ],
        // Libraries (dialogs, drawers) set inline style attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The analytics hosts are only contacted after the visitor accepts analytics (D18).
        imgSrc: ["'self'", "data:", "blob:", ...ANALYTICS_HOSTS],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...ANALYTICS_HOSTS],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent from another site (CSRF): the browser tells us through
 * Sec-Fetch-Site and Origin. Requests without either (curl, server-to-server) are allowed.
 */
export function sameOriginOnly(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const host = req.get("host");
    const ownOrigins = new Set([publicOrigin, `http://${host}`, `https://${host}`]);
    const foreignSite = site !== undefined && site !== "same-origin" && site !== "none";
    const foreignOrigin = origin !== undefined && origin !== "null" && !ownOrigins.has(origin);
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
