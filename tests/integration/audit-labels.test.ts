import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_LABELS, auditLabel } from "~/platform/audit.server";

const APP = path.resolve(__dirname, "../../app");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text of the call starting at `open` (an opening parenthesis), up to its closing one. */
function callText(source: string, open: number) {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === "(") depth += 1;
    if (source[i] === ")" && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

/**
 * Every action code passed to `audit(` anywhere in app/: the string literals of each call's
 * `action:` expression (a ternary gives two codes). A call whose action is not a literal fails,
 * so no code can reach the log without being seen here.
 */
function auditedActions() {
  const codes = new Map<string, string>();
  const unreadable: string[] = [];
  for (const file of sourceFiles(APP)) {
    const source = fs.readFileSync(file, "utf8");
    for (const match of source.matchAll(/(?<!function )\baudit\(/g)) {
      const call = callText(source, match.index + match[0].length - 1);
      const where = `${path.relative(APP, file)}:${source.slice(0, match.index).split("\n").length}`;
      const action = /\baction:\s*([^,}]+)/.exec(call);
      const literals = [...(action?.[1] ?? "").matchAll(/"([a-z][a-z0-9_]*)"/g)].map((m) => m[1]!);
      if (literals.length === 0) unreadable.push(where);
      for (const code of literals) codes.set(code, where);
    }
  }
  return { codes, unreadable };
}

describe("activity log labels", () => {
  it("every action code passed to audit() in app/ has a Spanish label in AUDIT_LABELS", () => {
    const { codes, unreadable } = auditedActions();
    expect(unreadable, "audit() calls whose action is not a string literal").toEqual([]);
    // The scan itself works: it sees calls from several modules and routes.
    expect(codes.size).toBeGreaterThan(30);
    for (const known of ["login", "article_published", "article_unpublished", "two_factor_reset"]) {
      expect(codes.has(known), known).toBe(true);
    }
    const missing = [...codes]
      .filter(([code]) => !AUDIT_LABELS[code])
      .map(([c, w]) => `${c} (${w})`);
    expect(missing).toEqual([]);
    for (const code of codes.keys()) expect(auditLabel(code)).not.toBe(code);
  });
});
