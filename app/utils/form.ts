import { data } from "react-router";
import type { FieldConstraints } from "./form-schema";

/** A posted record id: a positive integer, or null for anything else (never a database error). */
export function parseId(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The posted form. A body that is not a form (JSON, plain text, none, malformed multipart) or that
 * carries a NUL character in a field name or value (PostgreSQL refuses it in text) is a 400 with a
 * Spanish message, never an error that would surface as a 500. The HTTP server refuses NUL before
 * any route runs (server/request-guards.ts); this is the same rule for direct callers.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ formError: "Solicitud no válida" }, { status: 400 });
  }
  for (const [key, value] of form) {
    if (key.includes("\0") || (typeof value === "string" && value.includes("\0")))
      throw data({ formError: "Solicitud no válida" }, { status: 400 });
  }
  return form;
}

/** The list page to return to after an action: its path plus a re-encoded query (never raw). */
export function backTo(path: string, raw: FormDataEntryValue | null) {
  const query = typeof raw === "string" ? new URLSearchParams(raw.slice(0, 300)).toString() : "";
  return query ? `${path}?${query}` : path;
}

// ─── The form contract (docs/decisions/006-one-schema-per-form.md) ───────────────────────────────

/** Spanish messages by field name; the form-wide one travels in `formError`. */
export type FieldErrors = Partial<Record<string, string[]>>;

/** A refused form: what to say, field by field, and what was typed (to fill the form again). */
export interface FormFailure {
  ok: false;
  formError: string | null;
  fieldErrors: FieldErrors;
  values?: Record<string, string>;
  /** On a page with several forms, the `intent` of the one refused (its messages go there). */
  intent?: string;
}

/** What every form action answers: `{ ok: true, …its data }` or a FormFailure. */
export type FormResult<T extends object = object> = ({ ok: true } & T) | FormFailure;

/** A FormFailure: a form-wide message (or null) and messages by field. */
export function formFailure(formError: string | null, fieldErrors: FieldErrors = {}): FormFailure {
  return { ok: false, formError, fieldErrors };
}

/**
 * A field's limits from `htmlConstraints` as input attributes, without `required`: to a schema a
 * field is required when it must be sent, and an optional note is sent too (empty). The form says
 * `required` itself where a value is needed.
 */
export function limitsOf(field: FieldConstraints | undefined) {
  return {
    maxLength: field?.maxLength,
    minLength: field?.minLength,
    min: field?.min,
    max: field?.max,
  };
}
