import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The repository explains itself (docs/architecture.md): no file points at documents kept outside
 * it, and every link to a document inside it leads to a file (and a heading) that exists.
 * The patterns are written so that this file does not match them itself.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Tracked files plus new ones git does not ignore, as they are in the working tree. */
function repositoryFiles() {
  const out = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(out.split("\0"))].filter(
    (file) =>
      file &&
      !file.startsWith("node_modules") &&
      file !== "package-lock.json" &&
      !file.endsWith("/package-lock.json") &&
      fs.lstatSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile(),
  );
}

/** Text files only (a NUL byte means binary: images, fonts). */
function readText(file: string) {
  const bytes = fs.readFileSync(path.join(ROOT, file));
  return bytes.includes(0) ? null : bytes.toString("utf8");
}

const OUTSIDE = [
  { what: "the shared folder", pattern: new RegExp(["\\.\\.", "shared"].join("/")) },
  // The four briefs by name, in upper case, with or without ".md" (docs/architecture.md is ours).
  {
    what: "a brief kept outside",
    pattern: new RegExp(
      `\\b(?:${["spec", "decisions", "architecture", "design"].map((n) => n.toUpperCase()).join("|")})\\b`,
    ),
  },
  { what: "a spec section", pattern: new RegExp("\\bspec \\u00a7", "i") },
  // A capital D and a number, as the brief numbered its decisions ("D" + "12"); they are ADRs in
  // docs/decisions/ now.
  { what: "a decision number", pattern: new RegExp("(?<![\\w/+=.-])D\\d{1,2}(?![\\w/+=])") },
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string) {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map((m) => slug(m[1]!)));
}

/** Whether `target` (a path from the repository root, maybe with #anchor) exists. */
function broken(target: string): string | null {
  const [file, anchor] = target.split("#") as [string, string | undefined];
  const full = path.join(ROOT, decodeURIComponent(file));
  if (!full.startsWith(ROOT) || !fs.existsSync(full)) return "no such file";
  if (anchor && file.endsWith(".md") && !anchorsOf(file).has(decodeURIComponent(anchor))) {
    return `no heading #${anchor}`;
  }
  return null;
}

const files = repositoryFiles();
const markdown = files.filter(
  (f) => f === "README.md" || (f.startsWith("docs/") && f.endsWith(".md")),
);

describe("the repository explains itself", () => {
  it("no file refers to documents outside the repository", () => {
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const text = readText(file);
      if (text === null) continue;
      text.split("\n").forEach((line, i) => {
        for (const { what, pattern } of OUTSIDE)
          if (pattern.test(line)) found.push(`${file}:${i + 1} (${what}): ${line.trim()}`);
      });
    }
    expect(found, "point to docs/ instead (docs/architecture.md, docs/decisions/…)").toEqual([]);
  });

  it("every relative link in README.md and docs/ leads to an existing file and heading", () => {
    expect(markdown).toContain("docs/architecture.md");
    const found: string[] = [];
    for (const file of markdown) {
      const text = fs.readFileSync(path.join(ROOT, file), "utf8").replace(/^```[\s\S]*?^```/gm, "");
      for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
        const resolved = target!.startsWith("#")
          ? `${file}${target}`
          : path.posix.join(path.posix.dirname(file), target!);
        const problem = broken(resolved);
        if (problem) found.push(`${file}: (${target}) ${problem}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("every docs/….md and docs/decisions/NNN named in the code or the docs exists", () => {
    const adrs = fs.readdirSync(path.join(ROOT, "docs/decisions"));
    const found: string[] = [];
    for (const file of files) {
      const text = readText(file);
      if (text === null) continue;
      for (const [target] of text.matchAll(
        /(?<![\w./-])docs\/[\w./-]+?\.md(?:#[\p{L}\p{N}_-]+)?/gu,
      )) {
        const problem = broken(target);
        if (problem) found.push(`${file}: ${target} ${problem}`);
      }
      // The short form, "docs/decisions/005": an ADR with that number exists.
      for (const [target, number] of text.matchAll(/docs\/decisions\/(\d{3})(?![\w-])/g)) {
        if (!adrs.some((name) => name.startsWith(`${number}-`))) found.push(`${file}: ${target}`);
      }
    }
    expect(found).toEqual([]);
  });
});
