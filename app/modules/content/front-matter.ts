import { parse } from "yaml";

/** Splits '---\nYAML\n---\nbody' into its data and its Markdown body. */
export function parseFrontMatter(raw: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(raw);
  if (!match) return { data: {}, body: raw };
  const data = parse(match[1]!) as unknown;
  return {
    data: data && typeof data === "object" ? (data as Record<string, unknown>) : {},
    body: match[2]!.trim(),
  };
}
