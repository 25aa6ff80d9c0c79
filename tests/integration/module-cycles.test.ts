import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  describeCycle,
  findCycles,
  folderGraph,
  platformImportsOfModules,
  readSources,
  type Sources,
} from "../support/module-graph";

/**
 * Domains (app/modules/*) use the platform (app/platform/*: audit, live events, mail, tokens,
 * jobs) and each other's exported functions without a cycle between folders; the platform imports
 * no domain (docs/architecture.md#import-rules). Test files may reach across and are left out.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DIRS = ["app/modules", "app/platform"];

describe("folder-level imports of app/modules and app/platform", () => {
  const sources = readSources(ROOT, DIRS);
  const graph = folderGraph(sources);

  it("reads every domain and every platform service, and their imports", () => {
    const expected = DIRS.flatMap((dir) =>
      fs
        .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory() || (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)))
        .map((e) => `${dir.slice(4)}/${e.name.replace(/\.tsx?$/, "").replace(/\.server$/, "")}`),
    );
    expect(graph.nodes).toEqual([...new Set(expected)].sort());
    expect(graph.nodes).toEqual(
      expect.arrayContaining(["modules/booking", "platform/audit", "platform/mail"]),
    );
    // The graph is not empty by accident (a parser that stopped reading imports would pass).
    expect(graph.edges.length).toBeGreaterThan(30);
    expect(graph.edges).toContainEqual(
      expect.objectContaining({ from: "modules/booking", to: "platform/audit" }),
    );
  });

  it("has no cycle between folders", () => {
    const cycles = findCycles(graph.edges).map((cycle) => describeCycle(cycle, graph.edges));
    expect(cycles, cycles.join("\n")).toEqual([]);
  });

  it("the platform imports no domain module", () => {
    expect(platformImportsOfModules(sources)).toEqual([]);
  });
});

/** In-memory sources: path → text. */
const files = (entries: Record<string, string>): Sources => new Map(Object.entries(entries));

describe("the rules fire (fixtures)", () => {
  // accounts ↔ reviews as it was: accounts used the live bus in reviews/, reviews the audit log in
  // accounts/. Each way of importing makes the edge.
  const accountsImportsReviews = {
    "import … from": 'import { closeStreamsOf } from "~/modules/reviews/live.server";',
    "import type": 'import type { ReviewNotice } from "~/modules/reviews/live.server";',
    "a multi-line import": 'import {\n  a,\n  b,\n} from "~/modules/reviews/live.server";',
    "a side-effect import": 'import "~/modules/reviews/live.server";',
    "export * from": 'export * from "~/modules/reviews/live.server";',
    "export { … } from": 'export { closeStreamsOf } from "~/modules/reviews/live.server";',
    "import()": 'export const load = () => import("~/modules/reviews/live.server");',
    "a relative import": 'import { closeStreamsOf } from "../reviews/live.server";',
    "a relative import of the folder": 'import * as reviews from "../reviews";',
  };
  for (const [how, source] of Object.entries(accountsImportsReviews)) {
    it(`finds the cycle accounts -> reviews -> accounts through ${how}`, () => {
      const graph = folderGraph(
        files({
          "app/modules/accounts/accounts.server.ts": source,
          "app/modules/reviews/invitations.server.ts":
            'import { audit } from "~/modules/accounts/audit.server";',
        }),
      );
      const cycles = findCycles(graph.edges);
      expect(cycles).toEqual([["modules/accounts", "modules/reviews", "modules/accounts"]]);
      expect(describeCycle(cycles[0]!, graph.edges)).toContain(
        "modules/reviews -> modules/accounts (app/modules/reviews/invitations.server.ts: ~/modules/accounts/audit.server)",
      );
    });
  }

  it("finds a longer cycle, and one per group of folders", () => {
    const graph = folderGraph(
      files({
        "app/modules/compliance/readiness.server.ts": 'import { x } from "~/modules/settings/a";',
        "app/modules/settings/a.ts": 'import { y } from "~/modules/media/b";',
        "app/modules/media/b.ts": 'import { z } from "~/modules/compliance/c";',
        "app/modules/blog/a.ts": 'import { w } from "~/modules/content/b";',
        "app/modules/content/b.ts": 'import { v } from "~/modules/blog/c";',
        "app/platform/audit.server.ts": 'import { events } from "~/platform/events.server";',
        "app/platform/events.server.ts": 'import { audit } from "./audit.server";',
      }),
    );
    expect(findCycles(graph.edges)).toEqual([
      ["modules/blog", "modules/content", "modules/blog"],
      ["modules/compliance", "modules/settings", "modules/media", "modules/compliance"],
      ["platform/audit", "platform/events", "platform/audit"],
    ]);
  });

  it("a graph without a cycle passes; imports inside a folder, in comments or strings are no edges", () => {
    const graph = folderGraph(
      files({
        "app/modules/booking/agenda.server.ts":
          'import { audit } from "~/platform/audit.server";\nimport { a } from "./slots";\n' +
          'import { s } from "~/modules/settings/settings.server";',
        "app/modules/booking/slots.ts": 'import { b } from "./agenda.server";',
        "app/modules/settings/settings.server.ts":
          '// import { x } from "~/modules/booking/agenda.server";\n' +
          "const text = 'import(\"~/modules/booking/slots\")';\nexport default text;",
        "app/platform/mail/outbox.server.ts": 'import { sendMail } from "./mail.server";',
      }),
    );
    expect(graph.edges.map((e) => `${e.from} -> ${e.to}`)).toEqual([
      "modules/booking -> modules/settings",
      "modules/booking -> platform/audit",
    ]);
    expect(findCycles(graph.edges)).toEqual([]);
  });

  it("the platform importing a domain is refused, however it is written", () => {
    const platform = {
      "app/platform/mail/mail.server.ts":
        'import { getSettings } from "~/modules/settings/settings.server";',
      "app/platform/audit.server.ts": 'export { ROLES } from "../modules/accounts/roles";',
      "app/platform/events.server.ts": 'const m = () => import("~/modules/reviews/notice.server");',
      "app/platform/jobs.server.ts": 'import type * as all from "~/modules";',
      "app/platform/tokens.server.ts": 'import { logger } from "~/utils/logger.server";',
    };
    expect(platformImportsOfModules(files(platform))).toEqual([
      "app/platform/mail/mail.server.ts: ~/modules/settings/settings.server",
      "app/platform/audit.server.ts: ../modules/accounts/roles",
      "app/platform/events.server.ts: ~/modules/reviews/notice.server",
      "app/platform/jobs.server.ts: ~/modules",
    ]);
  });

  describe("read from disk", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "module-cycles-"));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("reads .ts and .tsx at any depth, leaves tests out, and finds the cycle", () => {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write("app/modules/blog/deep/form.tsx", 'import { a } from "~/modules/content/urls";');
      write("app/modules/content/urls.ts", 'import { b } from "../blog/deep/form";');
      // A test may reach across: it makes no edge.
      write("app/modules/media/a.test.ts", 'import { c } from "~/modules/seo/og";');
      write("app/modules/seo/og.ts", 'import { d } from "~/modules/media/a";');
      write("app/platform/mail/templates.tsx", 'import { e } from "~/modules/content/urls";');
      const sources = readSources(dir, DIRS);
      expect([...sources.keys()].sort()).toEqual([
        "app/modules/blog/deep/form.tsx",
        "app/modules/content/urls.ts",
        "app/modules/seo/og.ts",
        "app/platform/mail/templates.tsx",
      ]);
      const graph = folderGraph(sources);
      expect(findCycles(graph.edges)).toEqual([
        ["modules/blog", "modules/content", "modules/blog"],
      ]);
      expect(platformImportsOfModules(sources)).toEqual([
        "app/platform/mail/templates.tsx: ~/modules/content/urls",
      ]);
    });
  });
});
