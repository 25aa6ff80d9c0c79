/**
 * Free-text fields where a person in crisis may write (`data-crisis`: the contact message, the
 * booking note, a review, the intake answers). The check itself (crisis.ts, with its phrases) is a
 * script of its own that this adds, once, when a visitor first focuses or types in such a field:
 * pages that only read stay light. The field names the script's address (the server knows the
 * build's file names). Nothing about the check or its result is sent anywhere, stored or logged.
 */
// Only the build's own crisis script, from this site (text in a page cannot name another).
const CRISIS_SCRIPT = /^\/(?:assets\/crisis-[\w-]+\.js|app\/browser\/crisis\.ts)$/;

const isWatched = (target: EventTarget | null): target is HTMLTextAreaElement | HTMLInputElement =>
  (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) &&
  CRISIS_SCRIPT.test(target.dataset.crisis ?? "");

export function startCrisisWatch() {
  let added = false;
  const add = (src: string) => {
    if (added) return;
    added = true;
    const script = document.createElement("script");
    script.type = "module";
    script.src = src;
    document.head.append(script);
  };
  const onUse = (event: Event) => {
    if (isWatched(event.target)) add(event.target.dataset.crisis!);
  };
  document.addEventListener("focusin", onUse);
  document.addEventListener("input", onUse);
  // Text typed before this script ran, or sent back by the server with the form's errors.
  for (const field of document.querySelectorAll<HTMLTextAreaElement>("[data-crisis]")) {
    if (isWatched(field) && field.value.trim() !== "") add(field.dataset.crisis!);
  }
}
