import pino from "pino";

/** One logger for the process; secrets and message bodies never reach the log. */
export const logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: {
    paths: [
      "req.headers.cookie",
      "req.headers.authorization",
      'res.headers["set-cookie"]',
      "*.password",
      "*.newPassword",
      "*.token",
      "*.message",
      "*.body",
    ],
    censor: "[redactado]",
  },
});
