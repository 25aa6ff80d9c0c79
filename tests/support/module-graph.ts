import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The folder-level import graph of app/modules/<domain> and app/platform/<service>
 * (docs/architecture.md#import-rules), read from the sources: used by
 * tests/integration/module-cycles.test.ts.
 */

/** Source files by path from the repository root ("app/modules/blog/admin.server.ts"). */
export type Sources = Map<string, string>;

export interface Import {
  file: string;
  specifier: string;
  /** The path imported, from the repository root without extension; null for a package. */
  target: string | null;
}

export interface Edge {
  from: string;
  to: string;
  /** The imports that make the edge, as "file: specifier". */
  via: string[];
}

/** Test files may reach across layers (docs/architecture.md#import-rules): not part of the graph. */
const TEST_FILE = /\.test\.tsx?$/;
const SOURCE_FILE = /\.tsx?$/;

/** Every source file (not tests) under `dirs`, read from `root`. */
export function readSources(root: string, dirs: string[]): Sources {
  const sources: Sources = new Map();
  for (const dir of dirs) {
    const full = path.join(root, dir);
    if (!fs.existsSync(full)) continue;
    for (const entry of fs.readdirSync(full, { recursive: true, encoding: "utf8" })) {
      const file = path.posix.join(dir, entry.split(path.sep).join("/"));
      if (!SOURCE_FILE.test(file) || TEST_FILE.test(file)) continue;
      if (!fs.statSync(path.join(root, file)).isFile()) continue;
      sources.set(file, fs.readFileSync(path.join(root, file), "utf8"));
    }
  }
  return sources;
}

/**
 * The node a path belongs to: "modules/<domain>" or "platform/<service>" (a folder, or a file
 * directly in app/platform without its extensions: "platform/audit"); null for anything else.
 */
export function nodeOf(target: string): string | null {
  const match = /^app\/(modules|platform)\/([^/]+)/.exec(target);
  if (!match) return null;
  return `${match[1]}/${match[2]!.replace(/\.tsx?$/, "").replace(/\.server$/, "")}`;
}

/**
 * Every import of every file: `import … from`, `import type`, `import "…"`, `export … from`,
 * `import()` and `import x = require()`, read by TypeScript's own pre-processor, which skips
 * comments and strings. `~/…` is app/; a relative path is resolved against the file.
 */
export function importsOf(sources: Sources): Import[] {
  const imports: Import[] = [];
  for (const [file, text] of sources) {
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      let target: string | null = null;
      if (specifier.startsWith("~/")) target = `app/${specifier.slice(2)}`;
      else if (specifier.startsWith(".")) {
        target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      }
      imports.push({ file, specifier, target: target?.replace(/\/$/, "") ?? null });
    }
  }
  return imports;
}

/** The nodes (every file's) and the edges between different nodes, sorted. */
export function folderGraph(sources: Sources) {
  const nodes = new Set<string>();
  for (const file of sources.keys()) {
    const node = nodeOf(file);
    if (node) nodes.add(node);
  }
  const edges = new Map<string, Edge>();
  for (const { file, specifier, target } of importsOf(sources)) {
    const from = nodeOf(file);
    const to = target === null ? null : nodeOf(target);
    if (!from || !to || from === to) continue;
    const key = `${from} -> ${to}`;
    const edge = edges.get(key) ?? { from, to, via: [] };
    edge.via.push(`${file}: ${specifier}`);
    edges.set(key, edge);
  }
  return {
    nodes: [...nodes].sort(),
    edges: [...edges.values()].sort(
      (a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
    ),
  };
}

/**
 * The cycles of the graph, each as the path that closes it (["modules/a", "modules/b",
 * "modules/a"]): for each strongly connected group of nodes (Tarjan), enough shortest cycles to
 * pass through every member. An empty list means the graph has no cycle.
 */
export function findCycles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  // The shortest way from a node back to itself inside its group (breadth first).
  const shortestCycle = (start: string, inGroup: Set<string>) => {
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length && !previous.has(start)) {
      const node = queue.shift()!;
      for (const to of next.get(node)!) {
        if (!inGroup.has(to) || previous.has(to)) continue;
        previous.set(to, node);
        queue.push(to);
      }
    }
    // Walked back from the start: [start, …, the node that leads to it, start].
    const cycle = [start];
    for (let node = previous.get(start)!; node !== start; node = previous.get(node)!) {
      cycle.unshift(node);
    }
    return [start, ...cycle];
  };
  // One cycle through the group's first node, then one through each member not yet on a listed
  // cycle: a tangle of several folders is listed whole.
  return groups
    .flatMap((group) => {
      const inGroup = new Set(group);
      const covered = new Set<string>();
      const cycles: string[][] = [];
      for (const member of group) {
        if (covered.has(member)) continue;
        const cycle = shortestCycle(member, inGroup);
        cycle.forEach((node) => covered.add(node));
        cycles.push(cycle);
      }
      return cycles;
    })
    .sort((a, b) => a.join().localeCompare(b.join()));
}

/** A cycle with the imports that make each of its steps, for a failure message. */
export function describeCycle(cycle: string[], edges: Edge[]) {
  const steps = cycle.slice(1).map((to, i) => {
    const edge = edges.find((e) => e.from === cycle[i] && e.to === to)!;
    return `  ${cycle[i]} -> ${to} (${edge.via.join("; ")})`;
  });
  return [cycle.join(" -> "), ...steps].join("\n");
}

/** Imports from app/platform of anything under app/modules, as "file: specifier". */
export function platformImportsOfModules(sources: Sources) {
  return importsOf(sources)
    .filter(({ file, target }) => file.startsWith("app/platform/") && target !== null)
    .filter(({ target }) => target === "app/modules" || target!.startsWith("app/modules/"))
    .map(({ file, specifier }) => `${file}: ${specifier}`);
}
