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
