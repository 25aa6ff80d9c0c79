/**
 * Forms of content pages post as plain HTML forms, and the server answers with the page
 * (docs/decisions/020). Here:
 * - once one is sent, its buttons are disabled and the form marked busy, so that a second press
 *   does not send it twice; coming back to the page (the browser's back button) enables them;
 * - an answer that refused fields opens at the first of them: focused, so that its message is
 *   read out and the visitor can type at once;
 * - a field's message goes as soon as that field changes, so it never stays under a corrected
 *   value.
 * Forms answered in place (./in-place.ts) get the same focus on each answer.
 */
export function startForms() {
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    if (form.method.toLowerCase() !== "post") return;
    form.setAttribute("aria-busy", "true");
    // After this event, so that the pressed button's name and value are still sent.
    setTimeout(() => {
      for (const button of form.querySelectorAll("button")) button.disabled = true;
    }, 0);
  });
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const form of document.querySelectorAll("form[aria-busy]")) {
      form.removeAttribute("aria-busy");
      for (const button of form.querySelectorAll("button")) button.disabled = false;
    }
  });
  focusFirstRefused();
  document.addEventListener("input", (event) => clearMessage(event.target));
  document.addEventListener("change", (event) => clearMessage(event.target));
}

/**
 * The first field the server refused (its control, or the first option of a refused group) is
 * focused; a refusal of the whole form (no field to fix) is scrolled into view.
 */
function focusFirstRefused() {
  const first = firstRefused(document);
  if (first) first.focus();
  else document.querySelector('form [role="alert"]')?.scrollIntoView({ block: "center" });
}

/** The first refused field in `root`: its control, or the first option of a refused group. */
export function firstRefused(root: ParentNode) {
  return root.querySelector<HTMLElement>(
    'form [aria-invalid="true"], form fieldset:has(> [role="alert"]) input',
  );
}

function clearMessage(target: EventTarget | null) {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
  if (!target.form) return;
  // A control's own message (FormField: `<id>-error`), or its group's (a fieldset of options).
  const group = target.closest("fieldset");
  const message =
    target.getAttribute("aria-invalid") === "true"
      ? document.getElementById(`${target.id}-error`)
      : group?.querySelector<HTMLElement>(':scope > [role="alert"]');
  target.removeAttribute("aria-invalid");
  if (!message) return;
  message.hidden = true;
  for (const owner of [target, group]) {
    const described = owner?.getAttribute("aria-describedby");
    if (!owner || !described) continue;
    const rest = described
      .split(" ")
      .filter((id) => id !== message.id)
      .join(" ");
    if (rest) owner.setAttribute("aria-describedby", rest);
    else owner.removeAttribute("aria-describedby");
  }
}
