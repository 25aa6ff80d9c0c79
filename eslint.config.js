import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const DATABASE = ["~/db", "~/db/*", "drizzle-orm", "drizzle-orm/*"];
const SERVER_FILES = ["**/*.server", "**/*.server.ts"];

/**
 * The layers of app/ and what each may not import. The files of one layer never match another's
 * glob (`ignores`), so each file gets exactly one list.
 */
const LAYERS = [
  {
    files: ["app/components/ui/**"],
    groups: [
      ["~/routes/*", "~/modules/*", "~/components/site/*", "~/components/admin/*", "~/root"],
      SERVER_FILES,
      DATABASE,
    ],
  },
  { files: ["app/components/**"], groups: [["~/routes/*"], SERVER_FILES, DATABASE] },
  {
    files: ["app/modules/**", "app/db/**", "app/utils/**"],
    groups: [["~/routes/*", "~/components/*", "~/root"]],
  },
  // The platform (audit, live events, mail, tokens, jobs) serves every domain and imports none;
  // a dynamic import() is not seen by this rule: tests/integration/module-cycles.test.ts checks
  // the sources for that too.
  // The site script runs on pages without a framework (docs/decisions/020): no React, no
  // components, no server code; only small helpers from app/utils.
  {
    files: ["app/browser/**"],
    groups: [
      [
        "react",
        "react-dom",
        "react-dom/*",
        "react-router",
        "~/routes/*",
        "~/components/*",
        "~/root",
      ],
      ["~/modules", "~/modules/*", "~/platform/*"],
      SERVER_FILES,
      DATABASE,
    ],
  },
  {
    files: ["app/platform/**"],
    groups: [["~/routes/*", "~/components/*", "~/root", "~/modules", "~/modules/*"]],
  },
  // Routes take the database handle from the router context (`database(context)`) and hand it to
  // the modules, which own every query.
  { files: ["app/routes/**", "app/root.tsx"], groups: [DATABASE] },
  { files: ["app/**"], groups: [] },
];

/**
 * A relative import that climbs out of its folder (`../../db/schema`) would escape every rule
 * above: inside app/, another folder is imported as `~/…`. Only the seed content and the font
 * cache, outside app/, are reached with `../`.
 */
/** `./db/schema` from app/root.tsx, `../db` from a folder above it: the database all the same. */
const RELATIVE_DATABASE = {
  regex: "^\\.{1,2}/(?:.*/)?db(?:/|$)",
  message: "Las rutas y los componentes no tocan la base de datos (ver docs/architecture.md).",
};

const PARENT_IMPORT = {
  regex: "^(?:\\.\\./)+(?!content/|node_modules/)[^.]",
  message: "Dentro de app/, importa otra carpeta con ~/… (ver docs/architecture.md).",
};

function layerBlocks() {
  return LAYERS.map((layer, index) => ({
    files: layer.files,
    ignores: [...LAYERS.slice(0, index).flatMap((earlier) => earlier.files), "**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...layer.groups.map((group) => ({
              group,
              message:
                "Importación no permitida por las capas del proyecto (ver docs/architecture.md).",
            })),
            ...(layer.groups.includes(DATABASE) ? [RELATIVE_DATABASE] : []),
            PARENT_IMPORT,
          ],
        },
      ],
    },
  }));
}

const MAILTO_MESSAGE =
  "Escribe los enlaces mailto: con mailtoHref (app/utils/mailto.ts), que codifica la dirección.";
/** `mailto:` started by hand: a template, a concatenation or a `.concat()`. */
const MAILTO_BY_HAND = [
  "TemplateLiteral[quasis.0.value.cooked=/^mailto:/i]",
  "BinaryExpression[operator='+'] > Literal.left[value=/^mailto:/i]",
  "MemberExpression[property.name='concat'] > Literal.object[value=/^mailto:/i]",
].map((selector) => ({ selector, message: MAILTO_MESSAGE }));

const LIMIT_MESSAGE =
  "Los límites de un campo salen de su esquema: htmlConstraints() en el loader y limitsOf() o constraints.<campo> en el componente (ver docs/decisions/006-one-schema-per-form.md).";
/**
 * A field's length limit typed by hand (`maxLength={520}`, `minLength="2"`, `{500 + 20}`, a
 * spread `{ maxLength: 100 }`): it drifts from the schema's rule. Names are allowed
 * (`constraints.name?.maxLength`, `SEARCH_MAX`), numbers are not.
 */
const LENGTH_BY_HAND = [
  "JSXAttribute[name.name=/^(maxLength|minLength)$/] > Literal",
  "JSXAttribute[name.name=/^(maxLength|minLength)$/] > JSXExpressionContainer:has(Literal[raw=/^[0-9.]/])",
  "JSXSpreadAttribute Property[key.name=/^(maxLength|minLength)$/] > Literal",
].map((selector) => ({ selector, message: LIMIT_MESSAGE }));

/** The public site: each page is a whole document from the page cache (docs/decisions/020). */
const PUBLIC_PAGES = ["app/routes/public/**", "app/components/site/**"];
/** React Router's `<Link>`/`<NavLink>` there would navigate client-side, around the cache. */
const ROUTER_LINKS = [
  {
    selector:
      "ImportDeclaration[source.value='react-router'] > ImportSpecifier[imported.name=/^(Link|NavLink)$/]",
    message:
      "En las páginas públicas, los enlaces son <a href>: cada página se carga entera desde la caché (ver docs/decisions/020).",
  },
];
/**
 * Public pages never hydrate: their components render on the server only, so a hook, a handler
 * or React Router's `<Form>` would be code that never runs in the browser. What a public page does
 * there lives in app/browser, on `data-*` attributes.
 */
const NOT_HYDRATED =
  "Las páginas públicas no se hidratan: este código nunca se ejecutaría en el navegador. Usa HTML (enlaces, formularios) y, si hace falta, app/browser con atributos data-* (ver docs/decisions/020).";
const BROWSER_CODE = [
  {
    selector:
      "ImportDeclaration[source.value='react-router'] > ImportSpecifier[imported.name=/^(Form|useFetcher|useNavigation|useSubmit|useRevalidator|useActionData|useNavigate)$/]",
    message: NOT_HYDRATED,
  },
  {
    selector:
      "ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name=/^(useState|useEffect|useLayoutEffect|useRef|useReducer|useTransition|lazy)$/]",
    message: NOT_HYDRATED,
  },
  { selector: "JSXAttribute[name.name=/^on[A-Z]/]", message: NOT_HYDRATED },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "bench/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // Playwright fixtures call `use`, which is not React's hook.
  { files: ["tests/e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  // Imports flow one way: ui ← site/admin components ← routes; modules never import routes;
  // the platform never imports a module; routes and components never touch the database. One
  // block per layer, each with every restriction of that layer: ESLint keeps only the last
  // `no-restricted-imports` that matches a file, so overlapping blocks would silently drop a rule
  // (tests/integration/layering.test.ts).
  ...layerBlocks(),
  // Syntax written only one way (`no-restricted-syntax`: ESLint keeps only the last block of a
  // rule that matches a file, so every selector lives in this one list):
  // - a `mailto:` link only by mailtoHref (app/utils/mailto.ts), which encodes the
  //   address: one built by hand from a stored address could carry `?bcc=…&body=…` into the
  //   reader's mail client;
  // - a field's length limits only from its schema (docs/decisions/006-one-schema-per-form.md),
  //   never a number typed on the input;
  // - in the public site, links only as `<a href>`, never React Router's `<Link>`/`<NavLink>`:
  //   each page is a full document from the page cache (docs/decisions/020). The public files get
  //   a block of their own, later, that repeats the shared selectors, since it replaces the first.
  // tests/integration/layering.test.ts shows each rule firing.
  {
    files: ["app/**", "server/**"],
    ignores: ["app/utils/mailto.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...MAILTO_BY_HAND, ...LENGTH_BY_HAND],
    },
  },
  {
    files: PUBLIC_PAGES,
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...MAILTO_BY_HAND,
        ...LENGTH_BY_HAND,
        ...ROUTER_LINKS,
        ...BROWSER_CODE,
      ],
    },
  },
);
