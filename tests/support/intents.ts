import fs from "node:fs";
import path from "node:path";

/**
 * The `intent` values a route's action understands, read from its source (exporting a constant
 * from a route module would break React Router's hot reload rules). Recognised forms, inside
 * `export async function action`:
 *   intent === "x"  ·  form.get("intent") !== "x"  ·  ["x", "y"].includes(String(intent))
 *   switch (form.get("intent")) { case "x": … }  ·  switch (intent) { case "x": … }
 * An action without any of them has the single pseudo-intent "*" (it reads no intent field).
 */
export function intentsInSource(source: string): string[] {
  const start = source.search(/export (async )?function action\b|export const action\b/);
  if (start < 0) return [];
  const end = source.indexOf("\n}\n", start);
  const body = source.slice(start, end < 0 ? undefined : end);
  const found = new Set<string>();
  for (const m of body.matchAll(/intent(?:"\))?\s*[!=]==?\s*"([^"]+)"/g)) found.add(m[1]!);
  for (const m of body.matchAll(/\[((?:\s*"[^"]+",?)+)\s*\]\.includes\(String\(intent\)\)/g)) {
    for (const c of m[1]!.matchAll(/"([^"]+)"/g)) found.add(c[1]!);
  }
  for (const m of body.matchAll(/switch\s*\((?:form\.get\("intent"\)|intent)\)\s*\{/g)) {
    const rest = body.slice(m.index);
    const stop = rest.search(/\bdefault:/);
    for (const c of rest.slice(0, stop < 0 ? undefined : stop).matchAll(/case "([^"]+)":/g)) {
      found.add(c[1]!);
    }
  }
  return found.size ? [...found].sort() : ["*"];
}

/** `file` as written in routes.ts (e.g. "routes/admin/blog.tsx"). */
export function routeSource(file: string) {
  return fs.readFileSync(path.join(process.cwd(), "app", file), "utf8");
}

export function intentsOf(file: string) {
  return intentsInSource(routeSource(file));
}

export function hasAction(file: string) {
  return /export (async )?function action\b|export const action\b/.test(routeSource(file));
}
