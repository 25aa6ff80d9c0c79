import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const restrict = (patterns) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: patterns.map((group) => ({
        group,
        message: "Importación no permitida por las capas del proyecto (ver docs/architecture.md).",
      })),
    },
  ],
});

const MAILTO_MESSAGE =
  "Escribe los enlaces mailto: con mailtoHref (app/modules/contact/mailto.ts), que codifica la dirección.";
/** `mailto:` started by hand: a template, a concatenation or a `.concat()`. */
const MAILTO_BY_HAND = [
  "TemplateLiteral[quasis.0.value.cooked=/^mailto:/i]",
  "BinaryExpression[operator='+'] > Literal.left[value=/^mailto:/i]",
  "MemberExpression[property.name='concat'] > Literal.object[value=/^mailto:/i]",
].map((selector) => ({ selector, message: MAILTO_MESSAGE }));

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
  // Imports flow one way: ui ← site/admin components ← routes; modules never import routes.
  {
    files: ["app/components/ui/**"],
    rules: restrict([
      ["~/routes/*", "~/modules/*", "~/components/site/*", "~/components/admin/*", "~/root"],
    ]),
  },
  {
    files: ["app/modules/**", "app/db/**", "app/utils/**"],
    rules: restrict([["~/routes/*", "~/components/*", "~/root"]]),
  },
  {
    files: ["app/components/**"],
    rules: restrict([
      ["~/routes/*", "**/*.server", "**/*.server.ts"],
      ["~/db", "~/db/*", "drizzle-orm", "drizzle-orm/*"],
    ]),
  },
  // Routes never touch the database: they take the handle from the router context
  // (`database(context)`) and hand it to the modules, which own every query.
  {
    files: ["app/routes/**", "app/root.tsx"],
    rules: restrict([["~/db", "~/db/*", "drizzle-orm", "drizzle-orm/*"]]),
  },
  // A `mailto:` link is written only by mailtoHref (app/modules/contact/mailto.ts), which encodes
  // the address: one built by hand from a stored address could carry `?bcc=…&body=…` into the
  // reader's mail client. tests/integration/layering.test.ts shows the rule firing.
  {
    files: ["app/**", "server/**"],
    ignores: ["app/modules/contact/mailto.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...MAILTO_BY_HAND],
    },
  },
  // Tests may reach across layers (e.g. a module's test calling the route that uses it).
  { files: ["**/*.test.ts"], rules: { "no-restricted-imports": "off" } },
);
