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

describe("every layer keeps all of its import rules (lint)", () => {
  // ESLint applies only the last `no-restricted-imports` block matching a file: a later block for
  // app/components/** used to replace the one for app/components/ui/**, silently.
  const uiMay = { "a primitive": 'import { cx } from "~/utils/cx";\nexport const x = cx;\n' };
  const uiMayNot = {
    "a module":
      'import { MESSAGES } from "~/modules/accounts/messages";\nexport const x = MESSAGES;\n',
    "a site component":
      'import { Header } from "~/components/site/header";\nexport const x = Header;\n',
    "a route": 'import * as r from "~/routes/public/home";\nexport const x = r;\n',
    "a server file": 'import { getEnv } from "~/utils/env.server";\nexport const x = getEnv;\n',
    "the database": 'import { eq } from "drizzle-orm";\nexport const x = eq;\n',
  };

  for (const [what, source] of Object.entries(uiMayNot)) {
    it(`app/components/ui may not import ${what}`, async () => {
      const messages = await lint("app/components/ui/example.tsx", source);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(LAYER_MESSAGE);
    });
  }

  // The platform (audit, live events, mail, tokens, jobs) serves the domains and imports none of
  // them (tests/integration/module-cycles.test.ts checks the sources, import() included).
  const platformMayNot = {
    "a module":
      'import { getSettings } from "~/modules/settings/settings.server";\nexport const x = getSettings;\n',
    "a module type":
      'import type { Settings } from "~/modules/settings/schemas";\nexport type X = Settings;\n',
    "a module re-exported": 'export { ROLES } from "~/modules/accounts/roles";\n',
    "the modules folder": 'import * as m from "~/modules";\nexport const x = m;\n',
    "a module, relatively":
      'import { ROLES } from "../modules/accounts/roles";\nexport const x = ROLES;\n',
    "a route": 'import * as r from "~/routes/admin/audit";\nexport const x = r;\n',
    "a component": 'import { Button } from "~/components/ui/button";\nexport const x = Button;\n',
  };
  for (const [what, source] of Object.entries(platformMayNot)) {
    for (const file of ["app/platform/audit.server.ts", "app/platform/mail/templates.tsx"]) {
      it(`${file} may not import ${what}`, async () => {
        const messages = await lint(file, source);
        expect(messages).toHaveLength(1);
        expect(messages[0]).toMatch(LAYER_MESSAGE);
      });
    }
  }

  // The site script runs where no framework is loaded (docs/decisions/020).
  const browserMayNot = {
    react: 'import { useState } from "react";\nexport const x = useState;\n',
    "React Router": 'import { Link } from "react-router";\nexport const x = Link;\n',
    "a component": 'import { Button } from "~/components/ui/button";\nexport const x = Button;\n',
    "a module": 'import { ROLES } from "~/modules/accounts/roles";\nexport const x = ROLES;\n',
    "a server file": 'import { getEnv } from "~/utils/env.server";\nexport const x = getEnv;\n',
  };
  for (const [what, source] of Object.entries(browserMayNot)) {
    it(`app/browser may not import ${what}`, async () => {
      const messages = await lint("app/browser/example.ts", source);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(LAYER_MESSAGE);
    });
  }
  it("app/browser may import the helpers of app/utils", async () => {
    const source =
      'import { readConsent } from "~/utils/consent";\nexport const x = readConsent;\n';
    expect(await lint("app/browser/example.ts", source)).toEqual([]);
  });

  it("app/platform may import the database, app/utils and the platform", async () => {
    const source = `import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { logger } from "~/utils/logger.server";
import { audit } from "~/platform/audit.server";
import { sendMail } from "./mail.server";
export const x = [sql, logger, sendMail, audit];
export type Y = Db;
`;
    expect(await lint("app/platform/mail/outbox.server.ts", source)).toEqual([]);
  });

  it("app/components/ui may import what it needs", async () => {
    for (const source of Object.values(uiMay)) {
      expect(await lint("app/components/ui/example.tsx", source)).toEqual([]);
    }
  });

  it("every file of app/ gets its layer's rules and no other block replaces them", async () => {
    const eslint = new ESLint();
    const files = fs
      .readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts") && !f.includes("+types"))
      .map((f) => `app/${f}`);
    const rule = async (file: string) =>
      JSON.stringify((await eslint.calculateConfigForFile(file))?.rules?.["no-restricted-imports"]);
    for (const file of files) {
      const options = await rule(file);
      // The parent-directory rule is in every layer's list, so each file has exactly one list.
      expect(options, file).toContain("Dentro de app/");
      if (file.startsWith("app/components/ui/")) expect(options, file).toContain("~/modules/*");
      if (file.startsWith("app/platform/")) expect(options, file).toContain("~/modules/*");
      if (/^app\/(modules|platform|db|utils)\//.test(file)) {
        expect(options, file).toContain("~/routes/*");
      }
      if (file.startsWith("app/routes/") || file.startsWith("app/components/")) {
        expect(options, file).toContain("drizzle-orm");
      }
    }
  });

  const relative = {
    "app/routes/public/example.tsx":
      'import { articles } from "../../db/schema";\nexport const x = articles;\n',
    "app/root.tsx": 'import { getDb } from "./db/client.server";\nexport const x = getDb;\n',
    "app/components/site/example.tsx":
      'import { getEnv } from "../../utils/env.server";\nexport const x = getEnv;\n',
  };
  for (const [file, source] of Object.entries(relative)) {
    it(`a relative import out of its folder does not escape the rules (${file})`, async () => {
      const messages = await lint(file, source);
      expect(messages.length, source).toBeGreaterThan(0);
      for (const m of messages) expect(m).toMatch(/no-restricted-imports/);
    });
  }

  it("the seed content and the font cache, outside app/, are still reached with ../", async () => {
    const source =
      'import seed from "../../../content/reviews/reviews.json";\nexport const x = seed;\n';
    expect(await lint("app/modules/reviews/example.server.ts", source)).toEqual([]);
  });
});

describe("public pages link with <a href>, not React Router's Link (lint)", () => {
  const LINK = /^no-restricted-syntax: .*docs\/decisions\/020/;
  const source =
    'import { Link, NavLink } from "react-router";\nexport const x = [Link, NavLink];\n';
  for (const file of ["app/routes/public/example.tsx", "app/components/site/example.tsx"]) {
    it(`${file} may not import Link or NavLink`, async () => {
      const messages = await lint(file, source);
      expect(messages).toHaveLength(2);
      for (const m of messages) expect(m).toMatch(LINK);
    });
  }
  it("the admin area may", async () => {
    expect(await lint("app/routes/admin/example.tsx", source)).toEqual([]);
  });
});

describe("public pages hold no code for the browser: they never hydrate (lint)", () => {
  const NOT_HYDRATED = /^no-restricted-syntax: Las páginas públicas no se hidratan/;
  const sources = {
    "a React hook":
      'import { useState } from "react";\nexport const useCount = () => useState(0);\n',
    "a React Router hook or Form":
      'import { Form, useFetcher } from "react-router";\nexport const x = [Form, useFetcher];\n',
    "an event handler": "export const B = () => <button onClick={() => 1}>Sí</button>;\n",
  };
  for (const [what, source] of Object.entries(sources)) {
    for (const file of ["app/routes/public/example.tsx", "app/components/site/example.tsx"]) {
      it(`${what} in ${file} is refused`, async () => {
        const messages = await lint(file, source);
        expect(messages.length, source).toBeGreaterThan(0);
        for (const m of messages) expect(m).toMatch(NOT_HYDRATED);
      });
    }
    it(`${what} in the admin area is allowed`, async () => {
      expect(await lint("app/components/admin/example.tsx", source)).toEqual([]);
    });
  }
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
    const encoder = fs.readFileSync("app/utils/mailto.ts", "utf8");
    expect(await lint("app/utils/mailto.ts", encoder)).toEqual([]);
    const caller = `import { mailtoHref } from "~/utils/mailto";
export const F = ({ to }: { to: string }) => <a href={mailtoHref(to)}>{to}</a>;
export const opensMail = (href: string) => href.startsWith("mailto:");
`;
    expect(await lint("app/routes/admin/example.tsx", caller)).toEqual([]);
    expect(await lint("app/modules/contact/example.test.ts", byHand.template)).toEqual([]);
  });
});

describe("a field's length limit only from its schema (lint)", () => {
  const LIMIT = /^no-restricted-syntax: Los límites de un campo salen de su esquema/;
  const byHand = {
    "a number": "export const A = () => <textarea name='message' maxLength={520} />;\n",
    "a string": 'export const B = () => <input name="name" maxLength="100" />;\n',
    "a minimum": "export const C = () => <input name='name' minLength={2} />;\n",
    "a sum": "export const D = () => <input name='note' maxLength={500 + 20} />;\n",
    "a choice": "export const E = ({ n }: { n: boolean }) => <input maxLength={n ? 80 : 100} />;\n",
    "a spread": "export const F = () => <input name='note' {...{ maxLength: 140 }} />;\n",
  };

  for (const [how, source] of Object.entries(byHand)) {
    it(`a limit typed by hand (${how}) is refused in routes and components`, async () => {
      for (const file of [
        "app/routes/admin/example.tsx",
        "app/routes/public/example.tsx",
        "app/components/admin/example.tsx",
        "app/components/site/example.tsx",
      ]) {
        const messages = await lint(file, source);
        expect(messages, `${file}: ${source}`).toHaveLength(1);
        expect(messages[0]).toMatch(LIMIT);
      }
    });
  }

  it("the agenda's message field before the fix would have been refused", async () => {
    const source =
      'import { Textarea } from "~/components/ui/textarea";\n' +
      "export const G = ({ field }: { field: object }) => (\n" +
      "  <Textarea {...field} rows={2} maxLength={520} />\n);\n";
    expect(await lint("app/components/admin/agenda-forms.tsx", source)).toEqual([
      expect.stringMatching(LIMIT),
    ]);
  });

  it("limits from the schema, and named limits, are allowed; so are other numbers", async () => {
    const source = `import { limitsOf } from "~/utils/form";
import type { FieldConstraints } from "~/utils/form-schema";
import { SEARCH_MAX } from "~/utils/search";
export const H = ({ constraints }: { constraints: Record<string, FieldConstraints> }) => (
  <form>
    <input name="name" maxLength={constraints.name?.maxLength} />
    <input name="title" maxLength={constraints["title"]?.maxLength} />
    <textarea name="note" rows={3} {...limitsOf(constraints.note)} />
    <input name="q" type="search" maxLength={SEARCH_MAX} />
    <input name="sessions" type="number" min={2} max={26} />
    <progress max={100} value={40} />
  </form>
);
`;
    expect(await lint("app/routes/admin/example.tsx", source)).toEqual([]);
    expect(await lint("app/components/admin/example.tsx", source)).toEqual([]);
  });
});
