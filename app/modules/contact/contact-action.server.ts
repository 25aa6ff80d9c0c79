import { data, type RouterContextProvider } from "react-router";
import { database } from "~/context";
import { clientInfo } from "~/modules/accounts/guard.server";
import { type FormFailure, formFailure, readForm } from "~/utils/form";
import { type ContactTopic, submitContact } from "./contact.server";
import type { ContactServerResult } from "./result";

export { readForm };

/** The answer to a post that is not the contact form's (the route checks `intent`). */
export function notContact() {
  return data(
    { contact: contactRefused(formFailure("Solicitud no válida"), 400) },
    { status: 400 },
  );
}

/**
 * The action behind every contact form (the home page's, the accessibility statement's), once
 * the route has read the form and checked its `intent` (the fuzzing test reads the intents from
 * the route's source): with JavaScript (a fetcher) or without (the page comes back with the
 * answer). The answer is `{ contact: FormResult }`, with what was typed when it is refused.
 * `topic` marks the stored message (CONTACT_TOPICS).
 */
export async function contactAction(
  form: FormData,
  request: Request,
  context: Readonly<RouterContextProvider>,
  topic?: ContactTopic,
) {
  const fields = Object.fromEntries(form);
  const result = await submitContact(
    await database(context),
    fields,
    clientInfo(request, context),
    topic,
  );
  if (result.ok) return { contact: result as ContactServerResult };
  const values = { name: "", email: "", message: "" };
  for (const key of Object.keys(values) as (keyof typeof values)[]) {
    const value = fields[key];
    if (typeof value === "string") values[key] = value.trim();
  }
  return data(
    { contact: contactRefused({ ...result, values }, result.status) },
    { status: result.status },
  );
}

function contactRefused(failure: FormFailure, status: number): ContactServerResult {
  return { ...failure, status };
}
