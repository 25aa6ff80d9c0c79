import fs from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** What `npm run lint` says about a file with this source at this path. */
async function lint(filePath: string, source: string) {
  const [result] = await new ESLint().lintText(source, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const LAYER_MESSAGE = /no-restricted-imports/;

describe("layering enforced by lint", () => {
  const dbImports = [
    'import { getDb } from "~/db/client.server";\nexport const x = getDb;\n',
    'import { articles } from "~/db/schema";\nexport const x = articles;\n',
    'import { eq } from "drizzle-orm";\nexport const x = eq;\n',
  ];

  for (const file of ["app/routes/public/example.tsx", "app/components/site/example.tsx"]) {
    it(`${file} may not touch the database`, async () => {
      for (const source of dbImports) {
        const messages = await lint(file, source);
        expect(messages.length, source).toBeGreaterThan(0);
        for (const m of messages) expect(m, source).toMatch(LAYER_MESSAGE);
      }
    });
  }

  it("a route reaches the database through the context and a module", async () => {
    const source = `import { database } from "~/context";
import { publicArticleDates } from "~/modules/blog/blog.server";
import type { Route } from "./+types/example";

export async function loader({ context }: Route.LoaderArgs) {
  return publicArticleDates(await database(context));
}
`;
    expect(await lint("app/routes/resources/example.ts", source)).toEqual([]);
  });

  it("a module owns its queries", async () => {
    const source = dbImports[2]!;
    expect(await lint("app/modules/blog/example.server.ts", source)).toEqual([]);
  });
});

describe("mailto: links only through the encoder (lint)", () => {
  const MAILTO = /^no-restricted-syntax: .*mailtoHref/;
  const byHand = {
    template: "export const a = (to: string) => `mailto:${to}`;\n",
    concatenation: 'export const b = (to: string) => "mailto:" + to + "?subject=Hola";\n',
    concat: 'export const c = (to: string) => "MAILTO:".concat(to);\n',
    jsx: "export const D = ({ to }: { to: string }) => <a href={`mailto:${to}`}>{to}</a>;\n",
  };

  for (const [how, source] of Object.entries(byHand)) {
    it(`a mailto: link built by hand (${how}) is refused in app/ and server/`, async () => {
      for (const file of [
        "app/routes/admin/example.tsx",
        "app/components/site/example.tsx",
        "server/example.tsx",
      ]) {
        const messages = await lint(file, source);
        expect(messages, `${file}: ${source}`).toHaveLength(1);
        expect(messages[0]).toMatch(MAILTO);
      }
    });
  }

  it("the agenda's link before the fix would have been refused", async () => {
    const source =
      "export const E = ({ item }: { item: { clientEmail: string } }) => (\n" +
      '  <a className="text-primary underline" href={`mailto:${item.clientEmail}`}>x</a>\n);\n';
    expect(await lint("app/routes/admin/appointments.tsx", source)).toEqual([
      expect.stringMatching(MAILTO),
    ]);
  });

  it("the encoder, its callers, and tests are allowed", async () => {
    const encoder = fs.readFileSync("app/modules/contact/mailto.ts", "utf8");
    expect(await lint("app/modules/contact/mailto.ts", encoder)).toEqual([]);
    const caller = `import { mailtoHref } from "~/modules/contact/mailto";
export const F = ({ to }: { to: string }) => <a href={mailtoHref(to)}>{to}</a>;
export const opensMail = (href: string) => href.startsWith("mailto:");
`;
    expect(await lint("app/routes/admin/example.tsx", caller)).toEqual([]);
    expect(await lint("app/modules/contact/example.test.ts", byHand.template)).toEqual([]);
  });
});
