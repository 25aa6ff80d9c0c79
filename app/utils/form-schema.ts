import { type $ZodType, type output, safeParse, toJSONSchema } from "zod/v4/core";
import type { FieldErrors, FormFailure } from "./form";

/**
 * A form's values read by its schema (docs/decisions/006-one-schema-per-form.md): the same call
 * in the browser, before sending, and in the action. Each field gets its first message (the one
 * the person should fix first), under its path (`portrait.alt`); messages without a field become
 * the form-wide message.
 */
export function parseWith<S extends $ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: output<S> } | FormFailure {
  const result = safeParse(schema, input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  let formError: string | null = null;
  for (const issue of result.error.issues) {
    // A nested field is named by its path, as the form names it: `portrait.alt`.
    const name = issue.path.map(String).join(".");
    if (name === "") formError ??= issue.message;
    else fieldErrors[name] ??= [issue.message];
  }
  return { ok: false, formError, fieldErrors };
}

export interface FieldConstraints {
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  /** A number field's bounds (`type="number"`). */
  min?: number;
  max?: number;
}

/**
 * The HTML attributes of each field, derived from the schema. `maxLength` leaves a margin over
 * the rule's limit: a longer paste is kept whole and the schema's message says how long it may
 * be, instead of the browser silently cutting the visitor's text. A number's `min` and `max` are
 * the rule's own (the form is `noValidate`: they give the spinner its range, the schema speaks).
 */
export function htmlConstraints(schema: $ZodType): Record<string, FieldConstraints> {
  const out: Record<string, FieldConstraints> = {};
  collect(toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonObject, "", out);
  return out;
}

interface JsonObject {
  type?: string;
  properties?: Record<string, JsonObject>;
  items?: JsonObject;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/**
 * A nested object's fields are named by their path (`portrait.alt`); a list's by the list and
 * the field, whatever the row (`publications.title` for `publications.0.title`).
 */
function collect(json: JsonObject, prefix: string, out: Record<string, FieldConstraints>) {
  for (const [name, property] of Object.entries(json.properties ?? {})) {
    const path = prefix + name;
    const rows = property.type === "array" ? property.items : undefined;
    if (property.properties || rows?.properties) {
      collect(rows ?? property, `${path}.`, out);
      continue;
    }
    const field: FieldConstraints = {};
    if (json.required?.includes(name)) field.required = true;
    if (property.minLength !== undefined) field.minLength = property.minLength;
    if (property.maxLength !== undefined) {
      field.maxLength = property.maxLength + Math.max(20, Math.ceil(property.maxLength * 0.05));
    }
    if (property.minimum !== undefined) field.min = property.minimum;
    if (property.maximum !== undefined) field.max = property.maximum;
    out[path] = field;
  }
}
