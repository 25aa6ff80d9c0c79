import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names and lets a later utility replace an earlier one of the same kind
 * (`cn("px-4 text-ink", "px-6 text-primary")` → "px-6 text-primary"), for the utilities our
 * components actually override. A deliberate, tested stand-in for tailwind-merge, which alone
 * would cost ~9 KB of the 130 KB JavaScript budget of public pages (docs/decisions/002).
 */
const DISPLAY = new Set([
  "block",
  "inline-block",
  "inline",
  "flex",
  "inline-flex",
  "grid",
  "inline-grid",
  "hidden",
  "contents",
  "table",
  "list-item",
]);
const POSITION = new Set(["static", "fixed", "absolute", "relative", "sticky"]);
const TEXT_SIZE =
  /^text-(xs|sm|base|lg|xl|[2-9]xl|h1|h2|h3|display|\[[\d.]+(px|rem|em)\]|\(length:)/;
const TEXT_ALIGN = /^text-(left|center|right|justify|start|end)$/;
const FONT_WEIGHT = /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const BORDER_WIDTH = /^border(-[xytrbl])?(-\d+)?$/;
const ROUNDED = /^rounded(-[a-z]+)?$/;
// Longest first, so "min-h" is not read as "m".
const PREFIXES = [
  "min-h",
  "max-h",
  "min-w",
  "max-w",
  "gap-x",
  "gap-y",
  "inset-x",
  "inset-y",
  "line-clamp",
  "px",
  "py",
  "pt",
  "pb",
  "pl",
  "pr",
  "ps",
  "pe",
  "mx",
  "my",
  "mt",
  "mb",
  "ml",
  "mr",
  "p",
  "m",
  "w",
  "h",
  "size",
  "gap",
  "bg",
  "shadow",
  "opacity",
  "cursor",
  "justify",
  "items",
  "self",
  "leading",
  "tracking",
  "z",
  "top",
  "bottom",
  "left",
  "right",
  "inset",
  "basis",
  "grow",
  "shrink",
  "overflow",
  "whitespace",
  "outline",
  "ring",
  "underline-offset",
  "decoration",
];

function kindOf(base: string): string {
  if (DISPLAY.has(base)) return "display";
  if (POSITION.has(base)) return "position";
  if (base.startsWith("text-")) {
    if (TEXT_SIZE.test(base)) return "text-size";
    if (TEXT_ALIGN.test(base)) return "text-align";
    return "text-color";
  }
  if (FONT_WEIGHT.test(base)) return "font-weight";
  if (base.startsWith("font-")) return "font-family";
  if (BORDER_WIDTH.test(base)) return base.replace(/-\d+$/, "") + "-width";
  if (base.startsWith("border-")) return "border-color";
  const rounded = ROUNDED.exec(base);
  if (rounded) return "rounded" + (/-(t|b|l|r|tl|tr|bl|br|s|e)$/.test(base) ? base.slice(7) : "");
  for (const prefix of PREFIXES) {
    if (base === prefix || base.startsWith(`${prefix}-`)) return prefix;
  }
  return base; // unknown utilities never replace one another
}

function groupOf(cls: string) {
  const colon = cls.lastIndexOf(":");
  const variant = cls.slice(0, colon + 1);
  const base = cls
    .slice(colon + 1)
    .replace(/^!/, "")
    .replace(/^-/, "");
  // Arbitrary selectors and properties ([&_svg]:…, [mask:…]) are left alone.
  if (base.startsWith("[")) return cls;
  return variant + kindOf(base);
}

export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs).split(" ").filter(Boolean);
  const winner = new Map<string, number>();
  classes.forEach((c, i) => winner.set(groupOf(c), i));
  return classes.filter((c, i) => winner.get(groupOf(c)) === i).join(" ");
}
