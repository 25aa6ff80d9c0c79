import type { z } from "zod";

/** Zod issues as { field: [Spanish messages] } for the forms. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues)
    (out[issue.path.join(".") || "form"] ??= []).push(issue.message);
  return out;
}

/** A posted record id: a positive integer, or null for anything else (never a database error). */
export function parseId(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
