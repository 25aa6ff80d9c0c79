import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * server/react-router-handler.ts is a copy of @react-router/express's handler with our body limit
 * (docs/decisions/017-own-request-handler.md). It was last compared with the handler of this
 * React Router version: an upgrade fails here until someone compares the copy again.
 */
const COMPARED_WITH = "8.4.0";

describe("our copy of React Router's Express handler", () => {
  it(`was compared with the installed React Router (${COMPARED_WITH})`, () => {
    const require = createRequire(import.meta.url);
    const installed = JSON.parse(
      fs.readFileSync(require.resolve("react-router/package.json"), "utf8"),
    ) as { version: string };
    expect(
      installed.version,
      `React Router is now ${installed.version}: compare server/react-router-handler.ts with ` +
        `@react-router/express@${installed.version} (npm pack @react-router/express@${installed.version}), ` +
        "bring over what changed, and update COMPARED_WITH in this test.",
    ).toBe(COMPARED_WITH);
  });

  it("is not bypassed: the server uses the copy, and the original is not a dependency", () => {
    const app = fs.readFileSync("server/app.ts", "utf8");
    expect(app).toMatch(/from "\.\/react-router-handler"/);
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies["@react-router/express"]).toBeUndefined();
  });
});
