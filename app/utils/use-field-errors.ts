import { useEffect, useRef, useState } from "react";
import type { FieldErrors } from "./form";

const hasAny = (errors: FieldErrors | undefined) =>
  Object.values(errors ?? {}).some((messages) => messages?.length);

/**
 * The field errors of a form checked in the browser and again on the server (the form is
 * `noValidate`: the browser's own bubbles, in the browser's language, never show).
 *
 * - `show(found)` after the browser's check: shows them and focuses the first field marked
 *   `aria-invalid` (in page order); returns true when there is nothing to show.
 * - A new answer from the server (`fromServer` changes) replaces them the same way.
 * - `clearOnChange` on the `<form onChange>` (or `clear(name)`) removes a field's message as soon
 *   as that field changes, so a message never stays under a corrected value.
 * - A new `record` (the same form opened for another item) starts without messages.
 */
export function useFieldErrors(fromServer: FieldErrors | undefined, record?: unknown) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(fromServer ?? {});
  const [answered, setAnswered] = useState(fromServer);
  const [shownRecord, setShownRecord] = useState(record);
  const [focusRequest, setFocusRequest] = useState(0);
  if (record !== shownRecord) {
    setShownRecord(record);
    setErrors({});
  }
  if (fromServer !== answered) {
    // Adjusting state to a new server answer while rendering (no extra paint with stale errors).
    setAnswered(fromServer);
    setErrors(fromServer ?? {});
    if (hasAny(fromServer)) setFocusRequest((n) => n + 1);
  }
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const clear = (name: string) =>
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  const show = (found: FieldErrors) => {
    setErrors(found);
    if (!hasAny(found)) return true;
    setFocusRequest((n) => n + 1);
    return false;
  };
  const clearOnChange = (event: React.FormEvent<HTMLFormElement>) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (name) clear(name);
  };
  /** A field's messages as the list FormField takes. */
  const of = (name: string) => (errors[name]?.length ? errors[name] : undefined);
  return { formRef, errors, show, clear, clearOnChange, of };
}
