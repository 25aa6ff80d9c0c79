// Loaded into the built server by tests/server/busy-feed.test.ts (NODE_OPTIONS=--import=…), never
// by the app: every https request the server makes goes to the test's own calendar server
// (TEST_FEED_ORIGIN, trusting TEST_FEED_CA), keeping the path. The server checks the address it
// is given (public, port 443) as in production; nothing leaves this machine.
import fs from "node:fs";
import https from "node:https";

const origin = process.env.TEST_FEED_ORIGIN;
const caFile = process.env.TEST_FEED_CA;
if (origin && caFile) {
  const ca = fs.readFileSync(caFile, "utf8");
  const request = https.request;
  https.request = function redirected(url, options, callback) {
    const asked = new URL(String(url));
    const target = new URL(asked.pathname + asked.search, origin);
    const { lookup: _lookup, ...rest } = typeof options === "object" && options ? options : {};
    return request.call(this, target, { ...rest, ca }, callback);
  };
}
