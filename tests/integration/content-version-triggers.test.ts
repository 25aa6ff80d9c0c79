import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { DRIVERS, useTestDatabase } from "../support/db";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import routes from "~/routes";
import { isPrivatePath } from "../../server/request-guards";

/**
 * The page cache (docs/decisions/005-page-cache.md) keeps an anonymous visitor's page until the
 * content version changes, and only database triggers raise it (drizzle/0014). A table whose rows
 * a cached page shows, written without such a trigger, leaves every visitor on the old page until
 * the next restart or the next unrelated edit.
 *
 * So every table that code reachable from a cacheable route touches (the route files whose URL is
 * not a private path, the root, and every file of `app/` they import, followed to the end; tables
 * named by import from the schema or in raw SQL) must be listed here, either as shown on public
 * pages, and then it must have the trigger for every kind of write in the migrated database, or
 * as not shown, with the reason. A new public table fails this test until it has a trigger; a
 * table reached by a new public loader fails it until someone decides which it is.
 */

/** Tables whose rows public, cacheable responses show: each needs the trigger. */
const SHOWN_ON_PUBLIC_PAGES = [
  "articles", // the blog, the home page's articles, RSS, the sitemap, the /og images
  "article_redirects", // an article's old addresses answer with a redirect
  "settings", // every page's header and footer, the legal texts
  "reviews", // published reviews on the home page (the trigger fires only for published rows)
  "booking_config", // /privacidad states appointments' retention and the busy-times calendar
  "page_texts", // the home page, 'Sobre mí' and the service pages: her texts (Textos de la web)
  "advertising_authorisations", // every public page's footer: its text's authorisation number
];

/**
 * Tables that code reachable from cacheable routes touches although no cached response depends
 * on them, each with the reason. Keep the reasons true: a table listed here is never checked.
 */
const SIGNED_IN =
  "read by the root loader only for a request with a cookie (a session), which the page cache never serves nor stores";
const PRIVATE_BOOKING =
  "shown only by the booking pages (/cita…, private paths, never cached); /privacidad imports the booking module for booking_config alone";
const NOT_SHOWN: Record<string, string> = {
  user: SIGNED_IN,
  session: SIGNED_IN,
  two_factor: SIGNED_IN,
  account: "better-auth's credentials (reached through the session check): never shown",
  verification: "better-auth's one-time tokens (reached through the session check): never shown",
  audit_log:
    "written on account events (the session check records an idle session's end): admin area only",
  contact_messages: "written by the contact form's action (a POST, never cached): admin area only",
  mail_outbox: "queued by public actions (contact, reviews): never shown",
  rate_limit: "counted by public actions: never shown",
  review_invitations:
    "used by review actions and the invitation pages (private paths); 'verificada' on the home page is a column of reviews",
  article_revisions:
    "written when an article is saved (the article page imports the admin module for its redirect lookup only): admin area only",
  content_seeds:
    "which bundled content was seeded, written at start-up (the covers import the seed module for the bundled files only)",
  page_text_revisions:
    "written when she saves a page's texts (the public pages import the module for page_texts): admin area only",
  appointments: PRIVATE_BOOKING,
  appointment_links: PRIVATE_BOOKING,
  booking_services: PRIVATE_BOOKING,
  booking_exceptions: PRIVATE_BOOKING,
  busy_times: PRIVATE_BOOKING,
  waitlist_slots: PRIVATE_BOOKING,
};

// ---------------------------------------------------------------------------------------------
// What the sources say

const ROOT = process.cwd();
const SCHEMA_FILE = "app/db/schema.ts";
/**
 * Hands the whole schema to Drizzle (for `db.query.<table>`, looked for wherever it is used): it
 * names no table itself.
 */
const DATABASE_CLIENT = "app/db/client.server.ts";

/** The schema's tables: export name → table name. */
const SCHEMA_TABLES = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [name, getTableName(table as PgTable)]),
);

/** Source files by path from the repository root; `overlay` adds or replaces some (fixtures). */
type Sources = (file: string) => string | undefined;
const disk: Sources = (file) => {
  const full = path.join(ROOT, file);
  return fs.existsSync(full) && fs.statSync(full).isFile()
    ? fs.readFileSync(full, "utf8")
    : undefined;
};
const withOverlay =
  (overlay: Record<string, string>): Sources =>
  (file) =>
    overlay[file] ?? disk(file);

/** Route files (`app/…`) whose loaders serve a URL the page cache may keep, and the root. */
function cacheableRouteFiles(entries: RouteConfigEntry[]) {
  const files = new Set<string>(["app/root.tsx"]);
  // A route's loader runs whenever one of its descendants matches: it is cacheable when its own
  // URL is, or (a layout) when any descendant's is.
  const visit = (entry: RouteConfigEntry, parent: string): boolean => {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    let cacheable = (entry.path !== undefined || entry.index === true) && !isPrivatePath(own);
    for (const child of entry.children ?? []) cacheable = visit(child, own) || cacheable;
    if (cacheable) files.add(`app/${entry.file}`);
    return cacheable;
  };
  for (const entry of entries) visit(entry, "");
  return files;
}

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolve(from: string, specifier: string, sources: Sources) {
  const bare = specifier.split("?")[0]!;
  let base: string;
  if (bare.startsWith("~/")) base = `app/${bare.slice(2)}`;
  else if (bare.startsWith(".")) base = path.posix.join(path.posix.dirname(from), bare);
  else return null; // a package
  if (!base.startsWith("app/")) return null; // content/, the font cache
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (/\.tsx?$/.test(file) && sources(file) !== undefined) return file;
  }
  return null;
}

interface Parsed {
  imports: string[];
  /** Schema export names this file uses (`*` for all of them). */
  schemaNames: string[];
  /** Words after FROM/JOIN/INTO/UPDATE inside sql`…` templates. */
  sqlNames: string[];
}

function parse(file: string, text: string, sources: Sources): Parsed {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports: string[] = [];
  const schemaNames: string[] = [];
  const namespaces = new Set<string>();
  const follow = (specifier: string) => {
    const target = resolve(file, specifier, sources);
    if (target) imports.push(target);
    return target;
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (!clause?.isTypeOnly) {
        const target = follow(node.moduleSpecifier.text);
        if (target === SCHEMA_FILE && clause?.namedBindings) {
          const bindings = clause.namedBindings;
          if (ts.isNamespaceImport(bindings)) {
            namespaces.add(bindings.name.text);
          } else {
            for (const element of bindings.elements) {
              if (!element.isTypeOnly)
                schemaNames.push((element.propertyName ?? element.name).text);
            }
          }
        }
      }
    } else if (ts.isIdentifier(node) && namespaces.has(node.text)) {
      // `schema.user`: that table; the namespace handed on whole: any of them.
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) {
        schemaNames.push(parent.name.text);
      } else if (
        !ts.isNamespaceImport(parent) &&
        !(ts.isPropertyAssignment(parent) && parent.name === node) &&
        file !== DATABASE_CLIENT
      ) {
        schemaNames.push("*");
      }
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      follow(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      follow(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // Drizzle's relational queries: `db.query.articles.findMany(…)`.
  for (const [, name] of text.matchAll(/\.query\.(\w+)\.find/g)) schemaNames.push(name!);
  const sqlNames = [...text.matchAll(/\bsql(?:\.raw)?`([^`]*)`/g)].flatMap(([, body]) =>
    [...body!.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((m) =>
      m[1]!.toLowerCase(),
    ),
  );
  return { imports, schemaNames, sqlNames };
}

/** Every table the given files, and all they import from `app/`, name. */
function tablesReachedFrom(
  entries: Iterable<string>,
  options: { sources?: Sources; schemaTables?: Map<string, string>; databaseTables: Set<string> },
) {
  const sources = options.sources ?? disk;
  const schemaTables = options.schemaTables ?? SCHEMA_TABLES;
  const tables = new Map<string, string>(); // table → the chain of imports that reaches it
  const via = new Map<string, string | null>([...entries].map((file) => [file, null]));
  const chain = (file: string): string => {
    const importer = via.get(file);
    return importer ? `${file} ← ${chain(importer)}` : file;
  };
  const queue = [...via.keys()];
  while (queue.length) {
    const file = queue.shift()!;
    const text = sources(file);
    if (text === undefined) throw new Error(`${file} no existe`);
    if (file === SCHEMA_FILE) continue;
    const parsed = parse(file, text, sources);
    for (const target of parsed.imports) {
      if (via.has(target)) continue;
      via.set(target, file);
      queue.push(target);
    }
    const named = parsed.schemaNames.includes("*")
      ? [...schemaTables.values()]
      : parsed.schemaNames.flatMap((name) => schemaTables.get(name) ?? []);
    for (const table of [...named, ...parsed.sqlNames.filter((n) => options.databaseTables.has(n))])
      if (!tables.has(table)) tables.set(table, chain(file));
  }
  return tables;
}

// ---------------------------------------------------------------------------------------------
// What the migrated database says

const ALL_WRITES = { INSERT: 4, DELETE: 8, UPDATE: 16, TRUNCATE: 32 } as const;

async function databaseTables(db: Db) {
  const result = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = current_schema()`,
  );
  return new Set(result.rows.map((r) => r.name));
}

/** For each table, the kinds of write that no enabled content-version trigger covers. */
async function uncoveredWrites(db: Db, tables: readonly string[]) {
  const result = await db.execute<{ name: string; events: number }>(sql`
    select c.relname as name, bit_or(t.tgtype::int) as events
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where p.proname = 'bump_content_version' and not t.tgisinternal and t.tgenabled <> 'D'
      and c.relnamespace = current_schema()::regnamespace
    group by c.relname`);
  const covered = new Map(result.rows.map((r) => [r.name, Number(r.events)]));
  const missing: Record<string, string[]> = {};
  for (const table of tables) {
    const events = covered.get(table) ?? 0;
    const lacking = Object.entries(ALL_WRITES)
      .filter(([, bit]) => (events & bit) === 0)
      .map(([name]) => name);
    if (lacking.length) missing[table] = lacking;
  }
  return missing;
}

/** The whole check: what is reached but not classified, and what is public but not triggered. */
async function check(
  db: Db,
  options: {
    routes?: RouteConfigEntry[];
    sources?: Sources;
    schemaTables?: Map<string, string>;
    shown?: readonly string[];
  } = {},
) {
  const shown = options.shown ?? SHOWN_ON_PUBLIC_PAGES;
  const reached = tablesReachedFrom(cacheableRouteFiles(options.routes ?? routes), {
    sources: options.sources,
    schemaTables: options.schemaTables,
    databaseTables: await databaseTables(db),
  });
  const unclassified = [...reached]
    .filter(([table]) => !shown.includes(table) && !(table in NOT_SHOWN))
    .map(([table, chain]) => `${table}: ${chain}`);
  return { reached, unclassified, untriggered: await uncoveredWrites(db, shown) };
}

/** A new public page on a new table, as someone might add it (fixture sources). */
const FAQ_ROUTE = { path: "preguntas", file: "routes/public/faq.tsx" } as RouteConfigEntry;
const FAQ_SOURCES = withOverlay({
  "app/routes/public/faq.tsx": `import { database } from "~/context";
import { listQuestions } from "~/modules/faq/faq.server";
export async function loader({ context }) {
  return listQuestions(await database(context));
}
`,
  "app/modules/faq/faq.server.ts": `import { asc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { faqEntries } from "~/db/schema";
export const listQuestions = (db: Db) => db.select().from(faqEntries).orderBy(asc(faqEntries.position));
`,
  "app/routes/public/faq-raw.tsx": `import { sql } from "drizzle-orm";
import { database } from "~/context";
export async function loader({ context }) {
  return (await database(context)).execute(sql\`select question from "faq_entries" order by position\`);
}
`,
});
const FAQ_SCHEMA = new Map([...SCHEMA_TABLES, ["faqEntries", "faq_entries"]]);
const FAQ_CHAIN = "faq_entries: app/modules/faq/faq.server.ts ← app/routes/public/faq.tsx";

describe.each(DRIVERS)("content-version triggers of public tables (%s)", (driver) => {
  const database = useTestDatabase(driver);

  it("every table a cacheable page reads is classified, and each public one has the trigger", async () => {
    const { reached, unclassified, untriggered } = await check(database.db);
    expect(unclassified, "tablas sin clasificar: ¿se muestran en páginas públicas?").toEqual([]);
    expect(untriggered, "tablas públicas sin disparador de content_version").toEqual({});
    // Both lists stay true to the sources: nothing listed that no cacheable page reaches.
    const listed = [...SHOWN_ON_PUBLIC_PAGES, ...Object.keys(NOT_SHOWN)];
    expect(
      listed.filter((table) => !reached.has(table)),
      "ya no se alcanzan",
    ).toEqual([]);
  });

  it("knows every table of the database from the schema file it reads", async () => {
    // A table declared elsewhere would be invisible to the import scan above.
    const known = new Set(SCHEMA_TABLES.values());
    const tables = [...(await databaseTables(database.db))];
    expect(tables.filter((table) => !known.has(table))).toEqual([]);
  });

  it("fails for a new public table until it is classified and has a trigger for every write", async () => {
    const db = database.db;
    await db.execute(
      sql`create table faq_entries (id serial primary key, question text not null, position integer not null)`,
    );
    try {
      const options = {
        routes: [...routes, FAQ_ROUTE],
        sources: FAQ_SOURCES,
        schemaTables: FAQ_SCHEMA,
      };
      // Not classified: the check names it and how a public route reaches it.
      expect((await check(db, options)).unclassified).toEqual([FAQ_CHAIN]);
      // Declared public, but no trigger.
      const shown = [...SHOWN_ON_PUBLIC_PAGES, "faq_entries"];
      expect((await check(db, { ...options, shown })).untriggered).toEqual({
        faq_entries: ["INSERT", "DELETE", "UPDATE", "TRUNCATE"],
      });
      // A trigger for inserts only: edits and deletions would still leave pages stale.
      await db.execute(sql`create trigger faq_entries_content_version after insert on faq_entries
        for each statement execute function bump_content_version()`);
      expect((await check(db, { ...options, shown })).untriggered).toEqual({
        faq_entries: ["DELETE", "UPDATE", "TRUNCATE"],
      });
      await db.execute(sql`create trigger faq_entries_content_version_changes
        after update or delete or truncate on faq_entries
        for each statement execute function bump_content_version()`);
      const done = await check(db, { ...options, shown });
      expect(done.unclassified).toEqual([]);
      expect(done.untriggered).toEqual({});
    } finally {
      await db.execute(sql`drop table faq_entries`);
    }
  });

  it("finds a table named in raw SQL, and ignores pages on private paths", async () => {
    const db = database.db;
    await db.execute(sql`create table faq_entries (question text, position integer)`);
    try {
      const raw = await check(db, {
        routes: [
          ...routes,
          { path: "preguntas", file: "routes/public/faq-raw.tsx" } as RouteConfigEntry,
        ],
        sources: FAQ_SOURCES,
      });
      expect(raw.unclassified).toEqual(["faq_entries: app/routes/public/faq-raw.tsx"]);
      // The same page under /cita (never cached): no trigger needed.
      const privatePage = await check(db, {
        routes: [...routes, { ...FAQ_ROUTE, path: "cita/preguntas" }],
        sources: FAQ_SOURCES,
        schemaTables: FAQ_SCHEMA,
      });
      expect(privatePage.unclassified).toEqual([]);
    } finally {
      await db.execute(sql`drop table faq_entries`);
    }
  });

  it("counts a disabled trigger as none", async () => {
    const db = database.db;
    await db.execute(sql`alter table settings disable trigger settings_content_version`);
    try {
      expect(await uncoveredWrites(db, ["settings"])).toEqual({
        settings: ["INSERT", "DELETE", "UPDATE", "TRUNCATE"],
      });
    } finally {
      await db.execute(sql`alter table settings enable trigger settings_content_version`);
    }
  });
});
