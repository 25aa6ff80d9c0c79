/**
 * Test-only: which CSS property a Tailwind class sets (its "utility group"), under which variants.
 * Two classes of one group on one element (`px-4` and `px-6`, `text-ink` and `text-primary`)
 * leave the result to the order of the generated CSS; the class conflict test in
 * app/utils/cn.test.ts uses this to find them. A shorthand and its longhand (`p-6 pb-0`) are
 * different groups on purpose: Tailwind always orders the longhand after the shorthand.
 */
import fs from "node:fs";
import path from "node:path";

const THEME = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../app/styles/app.css"),
  "utf8",
);
const themeNames = (namespace: string) =>
  [...THEME.matchAll(new RegExp(`--${namespace}-([a-z0-9]+):`, "g"))].map((m) => m[1]);

const SIZES = "2xs|xs|sm|base|md|lg|xl|[2-9]xl";
const TEXT_SIZE = new RegExp(
  `^text-((${[SIZES, ...themeNames("text")].join("|")})(/.+)?$|\\[[\\d.]+(px|rem|em)\\]|\\(length:)`,
);
const SHADOW_SIZE = new RegExp(
  `^(inset-)?shadow(-(${[SIZES, "none", "inner", ...themeNames("shadow")].join("|")}|\\[.*\\]))?$`,
);
/** Utilities that are one keyword, by group. */
const KEYWORDS = new Map(
  Object.entries({
    display: [
      ...["block", "inline-block", "inline", "flex", "inline-flex", "grid", "inline-grid"],
      ...["hidden", "contents", "flow-root", "table", "table-row", "table-cell", "list-item"],
    ],
    position: ["static", "fixed", "absolute", "relative", "sticky"],
    "text-decoration": ["underline", "overline", "line-through", "no-underline"],
    "text-transform": ["uppercase", "lowercase", "capitalize", "normal-case"],
    visibility: ["visible", "invisible", "collapse"],
    "font-style": ["italic", "not-italic"],
  }).flatMap(([group, keywords]) => keywords.map((k) => [k, group] as const)),
);

/** Utilities whose group is decided by a pattern; the first that matches wins. */
const PATTERNS: [RegExp, string | ((m: RegExpExecArray) => string)][] = [
  [/^text-(left|center|right|justify|start|end)$/, "text-align"],
  [TEXT_SIZE, "text-size"],
  [/^text-(ellipsis|clip)$/, "text-overflow"],
  [/^text-/, "text-color"],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/, "font-weight"],
  [/^font-/, "font-family"],
  [/^border(-[xytrblse])?(-\d+|-\[[\d.]+(px|rem)\])?$/, (m) => `border${m[1] ?? ""}-width`],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^border-(collapse|separate)$/, "border-collapse"],
  [/^border-spacing/, "border-spacing"],
  [/^border-([xytrblse])-/, (m) => `border-${m[1]}-color`],
  [/^border-/, "border-color"],
  [/^rounded(-(t|b|l|r|s|e|tl|tr|bl|br|ss|se|es|ee))?(-|$)/, (m) => `rounded${m[1] ?? ""}`],
  [/^ring(-\d+|-\[[\d.]+px\])?$/, "ring-width"],
  [/^ring-offset-(\d+|\[[\d.]+px\])$/, "ring-offset-width"],
  [/^ring-offset-/, "ring-offset-color"],
  [/^ring-inset$/, "ring-inset"],
  [/^ring-/, "ring-color"],
  [/^outline(-\d+|-\[[\d.]+px\])?$/, "outline-width"],
  [/^outline-offset-/, "outline-offset"],
  [/^outline-(none|hidden|solid|dashed|dotted|double)$/, "outline-style"],
  [/^outline-/, "outline-color"],
  [SHADOW_SIZE, (m) => `${m[1] ?? ""}shadow`],
  [/^(inset-)?shadow-/, (m) => `${m[1] ?? ""}shadow-color`],
  [/^overflow-([xy])-/, (m) => `overflow-${m[1]}`],
  [/^overflow-/, "overflow"],
  [/^bg-(none|linear-|radial-|conic-|gradient-|\[url)/, "bg-image"],
  [/^bg-(cover|contain|auto|size-)/, "bg-size"],
  [/^bg-(repeat|no-repeat)/, "bg-repeat"],
  [/^bg-(fixed|local|scroll)$/, "bg-attachment"],
  [/^bg-(clip|origin|blend)-/, (m) => `bg-${m[1]}`],
  [/^bg-(top|bottom|left|right|center|position-)/, "bg-position"],
  [/^bg-/, "bg-color"],
  [/^flex-(row|col)(-reverse)?$/, "flex-direction"],
  [/^flex-(wrap|nowrap|wrap-reverse)$/, "flex-wrap"],
  [/^flex-/, "flex"],
  [/^decoration-(\d+|auto|from-font)$/, "decoration-thickness"],
  [/^decoration-(solid|double|dotted|dashed|wavy)$/, "decoration-style"],
  [/^decoration-/, "decoration-color"],
  [/^object-(contain|cover|fill|none|scale-down)$/, "object-fit"],
  [/^object-/, "object-position"],
  [/^list-(inside|outside)$/, "list-position"],
  [/^list-/, "list-style"],
  [/^(justify|place)-(items|self)-/, (m) => `${m[1]}-${m[2]}`],
];

// Longest first, so "min-h" is not read as "m".
const PREFIXES = [
  "underline-offset",
  "line-clamp",
  "translate-x",
  "translate-y",
  "grid-cols",
  "grid-rows",
  "col-span",
  "row-span",
  "inset-x",
  "inset-y",
  "min-h",
  "max-h",
  "min-w",
  "max-w",
  "gap-x",
  "gap-y",
  ...["px", "py", "pt", "pb", "pl", "pr", "ps", "pe", "p"],
  ...["mx", "my", "mt", "mb", "ml", "mr", "ms", "me", "m"],
  ...["w", "h", "size", "gap", "basis", "grow", "shrink", "order", "aspect", "align"],
  ...["top", "bottom", "left", "right", "inset", "z", "opacity", "cursor", "whitespace"],
  ...["justify", "items", "self", "leading", "tracking", "transition", "duration", "animate"],
  ...["pointer-events", "select", "resize", "appearance", "scale", "rotate"],
].sort((a, b) => b.length - a.length);

function kindOf(utility: string): string {
  const keyword = KEYWORDS.get(utility);
  if (keyword) return keyword;
  for (const [pattern, kind] of PATTERNS) {
    const m = pattern.exec(utility);
    if (m) return typeof kind === "string" ? kind : kind(m);
  }
  for (const prefix of PREFIXES) {
    if (utility === prefix || utility.startsWith(`${prefix}-`)) return prefix;
  }
  return utility; // an unknown utility only collides with itself
}

/** "md:hover:px-4" → ["md", "hover"] and "px-4"; colons inside [] or () do not split. */
export function splitVariants(cls: string): { variants: string[]; utility: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < cls.length; i++) {
    const ch = cls[i];
    if (ch === "[" || ch === "(") depth++;
    else if (ch === "]" || ch === ")") depth--;
    else if (ch === ":" && depth === 0) {
      parts.push(cls.slice(start, i));
      start = i + 1;
    }
  }
  return { variants: parts, utility: cls.slice(start) };
}

/** The CSS property group a class sets, with its variants: "md:px", "aria-invalid:ring-width". */
export function utilityGroup(cls: string): string {
  const { variants, utility } = splitVariants(cls);
  const bare = utility.replace(/^!|!$/g, "").replace(/^-/, "");
  // Arbitrary properties ([mask:…]) only collide with the same property.
  const kind = bare.startsWith("[") ? bare.replace(/:.*$/, "") : kindOf(bare);
  return [...[...variants].sort(), kind].join(":");
}

/** Pairs of different classes in `classes` that set the same utility group. */
export function collisions(classes: readonly string[]): [string, string][] {
  const seen = new Map<string, string>();
  const pairs: [string, string][] = [];
  for (const cls of new Set(classes)) {
    const group = utilityGroup(cls);
    const earlier = seen.get(group);
    if (earlier) pairs.push([earlier, cls]);
    else seen.set(group, cls);
  }
  return pairs;
}
