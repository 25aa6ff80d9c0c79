/**
 * Test-only: reads the class names written in app/ with the TypeScript compiler (parser and
 * symbol resolution, no type checking) for the `cn` tests.
 *
 * - `classLiterals`: every string literal in a class position (className-like JSX attributes,
 *   the arguments of cn/clsx/cva, and the constants those positions name).
 * - `classConflicts`: every place where one element could get two classes of one utility group
 *   (see class-groups.ts): inside one class expression, inside a cva definition, and between a
 *   component's own classes and the `className` (or `…ClassName`) a call site passes to it.
 *   Conditional classes count as alternatives (`a ? "w-6" : "w-2"` is no conflict); a prop the
 *   analysis cannot follow stands for every option of a cva variant.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { collisions } from "./class-groups";

export type Sources = Record<string, string>;
export type ClassLiteral = { where: string; text: string };
export type ClassConflict = { where: string; classes: [string, string]; detail: string };

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLASS_FUNCTIONS = new Set(["cn", "clsx"]);
const MAX_ALTERNATIVES = 512;

/** The app's source files (tests left out), by path from the repository root. */
export function readAppSources(dir = "app"): Sources {
  const sources: Sources = {};
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { recursive: true })) {
    const file = path.join(dir, String(entry));
    if (/\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file)) {
      sources[file] = fs.readFileSync(path.join(ROOT, file), "utf8");
    }
  }
  return sources;
}

const isClassAttribute = (name: string) => name === "className" || name.endsWith("ClassName");
const tokens = (text: string) => text.split(/\s+/).filter(Boolean);
/** An object key as written: `ghost`, `"ghost-danger"`, `true`. */
const keyOf = (name: ts.PropertyName | undefined) =>
  name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))
    ? name.text
    : name?.getText();

/** A set of possible class lists: `cond ? "a" : "b c"` → [["a"], ["b", "c"]]. */
type Alternatives = string[][];
/** Possible values of a prop (`undefined` when not passed); null when unknown. */
type Values = Set<string | undefined> | null;
/** Prop values of the call site a component is being expanded for; null at the top level. */
type Env = Map<string, Values> | null;

function product(lists: Alternatives[]): Alternatives {
  let result: Alternatives = [[]];
  for (const list of lists) {
    result = result.flatMap((a) => list.map((b) => [...a, ...b]));
    if (result.length > MAX_ALTERNATIVES) result = [[...new Set(result.flat())]];
  }
  return result;
}

function createProgram(sources: Sources) {
  const files = new Map(Object.entries(sources));
  const resolve = (specifier: string, from: string) => {
    const base = specifier.startsWith("~/")
      ? path.posix.join("app", specifier.slice(2))
      : specifier.startsWith(".")
        ? path.posix.join(path.posix.dirname(from), specifier)
        : null;
    if (base === null) return undefined;
    const candidates = [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`];
    const file = candidates.find((c) => files.has(c));
    return file
      ? { resolvedFileName: file, extension: path.extname(file) as ts.Extension }
      : undefined;
  };
  const options: ts.CompilerOptions = { noLib: true, jsx: ts.JsxEmit.ReactJSX, allowJs: false };
  const host: ts.CompilerHost = {
    getSourceFile: (name) =>
      files.has(name)
        ? ts.createSourceFile(name, files.get(name)!, ts.ScriptTarget.Latest, true)
        : undefined,
    getDefaultLibFileName: () => "lib.d.ts",
    writeFile: () => {},
    getCurrentDirectory: () => "",
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
    fileExists: (name) => files.has(name),
    readFile: (name) => files.get(name),
    resolveModuleNames: (names, from) => names.map((name) => resolve(name, from)),
  };
  return ts.createProgram([...files.keys()], options, host);
}

function where(node: ts.Node) {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${file.fileName}:${line + 1}`;
}

function unwrap(node: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node)
  ) {
    node = node.expression;
  }
  return node;
}

function jsxAttributeValue(attribute: ts.JsxAttribute): ts.Expression | undefined {
  const init = attribute.initializer;
  if (!init) return undefined;
  return ts.isJsxExpression(init) ? init.expression : init;
}

/** The function a component is declared as: `function Button…` or `const Button = (…) => …`. */
function functionOf(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  if (ts.isFunctionDeclaration(node) && node.body) return node;
  if (ts.isVariableDeclaration(node) && node.initializer) {
    const init = unwrap(node.initializer);
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
  }
  return undefined;
}

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/**
 * Reads `sources` once for `classLiterals()` and `classConflicts()` (see the file comment).
 * Module paths "~/…" and relative ones resolve among `sources`; packages stay unresolved.
 */
export function analyzeClasses(sources: Sources) {
  const program = createProgram(sources);
  const checker = program.getTypeChecker();
  const files = program.getSourceFiles().filter((f) => f.fileName in sources);

  function declarationOf(node: ts.Node): ts.Declaration | undefined {
    let symbol = ts.isShorthandPropertyAssignment(node)
      ? checker.getShorthandAssignmentValueSymbol(node)
      : checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  }

  /** The prop a destructured parameter stands for: `{ variant = "danger" }` → "variant". */
  function propOf(declaration: ts.Declaration | undefined) {
    if (!declaration || !ts.isBindingElement(declaration)) return undefined;
    const pattern = declaration.parent;
    if (!ts.isObjectBindingPattern(pattern) || !ts.isParameter(pattern.parent)) return undefined;
    const key = declaration.propertyName ?? declaration.name;
    return { name: ts.isIdentifier(key) ? key.text : key.getText(), element: declaration };
  }

  const initializerOf = (declaration: ts.Declaration | undefined) =>
    declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;

  /** The object literals an expression may stand for (through constants and indexing). */
  function objectsOf(node: ts.Expression, depth = 0): ts.ObjectLiteralExpression[] {
    node = unwrap(node);
    if (depth > 8) return [];
    if (ts.isObjectLiteralExpression(node)) return [node];
    if (ts.isIdentifier(node)) {
      const init = initializerOf(declarationOf(node));
      return init ? objectsOf(init, depth + 1) : [];
    }
    if (ts.isElementAccessExpression(node)) {
      return objectsOf(node.expression, depth + 1).flatMap((o) =>
        o.properties.flatMap((p) =>
          ts.isPropertyAssignment(p) ? objectsOf(p.initializer, depth + 1) : [],
        ),
      );
    }
    return [];
  }

  function values(node: ts.Expression | undefined, env: Env, depth = 0): Values {
    if (!node || depth > 8) return null;
    node = unwrap(node);
    if (ts.isStringLiteralLike(node) || ts.isNumericLiteral(node)) return new Set([node.text]);
    if (node.kind === ts.SyntaxKind.TrueKeyword) return new Set(["true"]);
    if (node.kind === ts.SyntaxKind.FalseKeyword) return new Set(["false"]);
    if (node.kind === ts.SyntaxKind.NullKeyword) return new Set([""]); // cva: no class at all
    if (
      ts.isConditionalExpression(node) ||
      (ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    ) {
      const [a, b] = ts.isConditionalExpression(node)
        ? [node.whenTrue, node.whenFalse]
        : [node.left, node.right];
      const va = values(a, env, depth + 1);
      const vb = values(b, env, depth + 1);
      return va && vb ? new Set([...va, ...vb]) : null;
    }
    if (ts.isIdentifier(node) && node.text === "undefined") return new Set([undefined]);
    if (ts.isIdentifier(node)) return declarationValues(declarationOf(node), env, depth);
    return null;
  }

  function declarationValues(declaration: ts.Declaration | undefined, env: Env, depth = 0): Values {
    const prop = propOf(declaration);
    if (prop) {
      if (env === null) return null;
      if (env.has(prop.name)) return env.get(prop.name)!;
      return prop.element.initializer
        ? values(prop.element.initializer, null, depth + 1)
        : new Set([undefined]);
    }
    const init = initializerOf(declaration);
    return init ? values(init, env, depth + 1) : null;
  }

  function cvaDefinition(callee: ts.Expression) {
    const init = ts.isIdentifier(callee) ? initializerOf(declarationOf(callee)) : undefined;
    if (!init) return undefined;
    const call = unwrap(init);
    return ts.isCallExpression(call) && call.expression.getText() === "cva" ? call : undefined;
  }

  /** The properties of the object literal `node` stands for, by key. */
  function propertiesOf(node: ts.Node | undefined) {
    const object =
      node && ts.isPropertyAssignment(node) ? objectsOf(node.initializer)[0] : undefined;
    const found = new Map<string, ts.ObjectLiteralElementLike>();
    for (const p of object?.properties ?? []) if (p.name) found.set(keyOf(p.name)!, p);
    return found;
  }

  /**
   * The classes a cva function gives for the props in `argument` (every option when unknown);
   * "every" for all combinations of options.
   */
  function cvaClasses(
    definition: ts.CallExpression,
    argument: ts.Expression | undefined | "every",
    env: Env,
  ) {
    const [base, config] = definition.arguments;
    const settings = new Map<string, ts.ObjectLiteralElementLike>();
    for (const p of (config && objectsOf(config)[0]?.properties) || []) {
      if (p.name) settings.set(keyOf(p.name)!, p);
    }
    const defaults = propertiesOf(settings.get("defaultVariants"));
    const given = argument === "every" ? argument : argument && unwrap(argument);
    const passed =
      given && given !== "every" && ts.isObjectLiteralExpression(given) ? given : undefined;
    // Props the analysis cannot read (`variants(props)`, a spread) may choose any option.
    const opaque =
      given !== undefined && (!passed || passed.properties.some(ts.isSpreadAssignment));
    const lists: Alternatives[] = [classes(base, null)];
    for (const [dimension, optionsNode] of propertiesOf(settings.get("variants"))) {
      const options = propertiesOf(optionsNode);
      const prop = passed?.properties.find((p) => keyOf(p.name) === dimension);
      let chosen: Values = opaque ? null : new Set([undefined]);
      if (prop && ts.isPropertyAssignment(prop)) chosen = values(prop.initializer, env);
      if (prop && ts.isShorthandPropertyAssignment(prop)) {
        chosen = declarationValues(declarationOf(prop), env);
      }
      const fallback = defaults.get(dimension);
      const defaultValue =
        fallback && ts.isPropertyAssignment(fallback) ? values(fallback.initializer, null) : null;
      const names =
        chosen === null
          ? [...options.keys()]
          : [...chosen].flatMap((v) => (v === undefined ? [...(defaultValue ?? [])] : [v]));
      const alternatives = names.flatMap((name) => {
        const option = options.get(name ?? "");
        return option && ts.isPropertyAssignment(option) ? classes(option.initializer, null) : [];
      });
      lists.push(alternatives.length ? alternatives : [[]]);
    }
    return product(lists);
  }

  /** The possible class lists of an expression in a class position. */
  function classes(node: ts.Node | undefined, env: Env, depth = 0): Alternatives {
    if (!node || depth > 12) return [[]];
    const next = (n: ts.Node | undefined) => classes(n, env, depth + 1);
    if (ts.isExpression(node)) node = unwrap(node);
    if (ts.isStringLiteralLike(node)) return [tokens(node.text)];
    if (ts.isTemplateExpression(node)) {
      // Only whole words: `size-${n}` is left out.
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      const words = parts.flatMap((text, i) => {
        const list = tokens(text);
        if (i > 0 && !/^\s/.test(text)) list.shift();
        if (i < parts.length - 1 && !/\s$/.test(text)) list.pop();
        return list;
      });
      return [words];
    }
    if (ts.isConditionalExpression(node)) return [...next(node.whenTrue), ...next(node.whenFalse)];
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) return [[], ...next(node.right)];
      if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
        return [...next(node.left), ...next(node.right)];
      }
      return [[]];
    }
    if (ts.isArrayLiteralExpression(node)) return product(node.elements.map(next));
    if (ts.isObjectLiteralExpression(node)) {
      return product(node.properties.map((p) => [[], tokens(keyOf(p.name) ?? "")]));
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      if (!ts.isBlock(node.body)) return next(node.body);
      const returns: ts.Expression[] = [];
      walk(node.body, (n) => ts.isReturnStatement(n) && n.expression && returns.push(n.expression));
      return returns.flatMap(next);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && CLASS_FUNCTIONS.has(callee.text)) {
        return product(node.arguments.map(next));
      }
      const definition = cvaDefinition(callee);
      return definition ? cvaClasses(definition, node.arguments[0], env) : [[]];
    }
    if (ts.isIdentifier(node)) {
      const declaration = declarationOf(node);
      if (propOf(declaration)) return [[]]; // a prop: the caller's classes, checked at call sites
      return next(initializerOf(declaration));
    }
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const owners = ts.isPropertyAccessExpression(node)
        ? objectsOf(node.expression)
        : [unwrap(node.expression)].flatMap((e) => objectsOf(e));
      const name = ts.isPropertyAccessExpression(node) ? node.name.text : undefined;
      const found = owners.flatMap((o) =>
        o.properties.flatMap((p) =>
          ts.isPropertyAssignment(p) && (name === undefined || keyOf(p.name) === name)
            ? next(p.initializer)
            : [],
        ),
      );
      return found.length ? found : [[]];
    }
    return [[]];
  }

  /** A JSX tag's component declaration when it is one of ours. */
  function componentOf(element: ts.JsxOpeningLikeElement) {
    if (!ts.isIdentifier(element.tagName) || !/^[A-Z]/.test(element.tagName.text)) return undefined;
    const declaration = declarationOf(element.tagName);
    return declaration && functionOf(declaration);
  }

  function propsOf(element: ts.JsxOpeningLikeElement, env: Env): Env {
    const props = new Map<string, Values>();
    for (const attribute of element.attributes.properties) {
      if (!ts.isJsxAttribute(attribute)) continue;
      const value = jsxAttributeValue(attribute);
      props.set(attribute.name.getText(), value ? values(value, env) : new Set(["true"]));
    }
    return props;
  }

  /**
   * The classes a component puts next to its `slot` prop (className, wrapperClassName…) for the
   * props of one call site, following the prop into inner components.
   */
  function slotClasses(
    component: ts.FunctionLikeDeclaration,
    slot: string,
    env: Env,
    depth = 0,
  ): Alternatives {
    if (!component.body || depth > 5) return [[]];
    const isSlot = (n: ts.Node) => {
      const prop = ts.isIdentifier(n) ? propOf(declarationOf(n)) : undefined;
      return prop?.name === slot && prop.element.parent.parent.parent === component;
    };
    const found: Alternatives = [];
    walk(component.body, (node) => {
      if (!ts.isJsxAttribute(node) || !isClassAttribute(node.name.getText())) return;
      const value = jsxAttributeValue(node);
      let passes = false;
      if (value) walk(value, (n) => (passes ||= isSlot(n)));
      if (!passes) return;
      const own = classes(value, env);
      const element = node.parent.parent;
      const inner = componentOf(element);
      const innerEnv = propsOf(element, env);
      found.push(
        ...(inner
          ? product([slotClasses(inner, node.name.getText(), innerEnv, depth + 1), own])
          : own),
      );
    });
    return found.length ? found : [[]];
  }

  function classLiterals(): ClassLiteral[] {
    const found = new Map<string, ClassLiteral>();
    const visited = new Set<ts.Node>();
    const collect = (node: ts.Node) => {
      if (visited.has(node)) return;
      visited.add(node);
      walk(node, (n) => {
        if (ts.isStringLiteralLike(n) && n.text.trim()) {
          found.set(n.text, found.get(n.text) ?? { where: where(n), text: n.text });
        } else if (ts.isTemplateExpression(n)) {
          for (const part of [n.head, ...n.templateSpans.map((s) => s.literal)]) {
            if (part.text.trim()) found.set(part.text, { where: where(n), text: part.text });
          }
        } else if (
          ts.isIdentifier(n) &&
          !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)
        ) {
          const init = initializerOf(declarationOf(n));
          if (init) collect(init);
        }
      });
    };
    for (const file of files) {
      walk(file, (node) => {
        if (ts.isJsxAttribute(node) && isClassAttribute(node.name.getText()) && node.initializer) {
          collect(node.initializer);
        } else if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          (CLASS_FUNCTIONS.has(node.expression.text) || node.expression.text === "cva")
        ) {
          node.arguments.forEach(collect);
        }
      });
    }
    return [...found.values()];
  }

  function classConflicts(): ClassConflict[] {
    const found = new Map<string, ClassConflict>();
    const report = (node: ts.Node, pair: [string, string], detail: string) => {
      const conflict = { where: where(node), classes: pair, detail };
      found.set(`${conflict.where} ${pair.join(" ")}`, conflict);
    };
    for (const file of files) {
      walk(file, (node) => {
        if (ts.isCallExpression(node) && node.expression.getText() === "cva") {
          for (const list of cvaClasses(node, "every", null)) {
            for (const pair of collisions(list)) {
              report(node, pair, "in one combination of variants");
            }
          }
        }
        if (!ts.isJsxAttribute(node) || !isClassAttribute(node.name.getText())) return;
        const value = jsxAttributeValue(node);
        const own = classes(value, null);
        for (const list of own) {
          for (const pair of collisions(list)) report(node, pair, "in one class expression");
        }
        const element = node.parent.parent;
        const component = componentOf(element);
        if (!component) return;
        const slot = node.name.getText();
        const base = slotClasses(component, slot, propsOf(element, null));
        for (const b of base) {
          for (const c of own) {
            const mine = new Set(c);
            for (const [x, y] of collisions([...b, ...c])) {
              if (mine.has(x) !== mine.has(y)) {
                const tag = element.tagName.getText();
                report(node, [x, y], `between <${tag}>'s own classes and its ${slot}`);
              }
            }
          }
        }
      });
    }
    return [...found.values()];
  }

  return { classLiterals, classConflicts };
}
