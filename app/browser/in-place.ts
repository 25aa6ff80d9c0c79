import { firstRefused } from "./forms";

/**
 * Forms answered in place (docs/decisions/020). A `<form data-in-place>` inside an element with an
 * id and `data-in-place-region` posts as it would without JavaScript, but through `fetch`: the
 * server's answer is the same page it would show, and only the region is taken from it (the
 * fields with their messages, or the thanks). The visitor stays where they were, and the page
 * needs no framework to do it. Then:
 * - a refused field is focused (the first one), otherwise the answer's status or alert;
 * - an answer that moved elsewhere (a redirect) is followed;
 * - a server that cannot be reached leaves the form as it was, its buttons enabled, and tells the
 *   region (`in-place:unreachable`, with what was sent): a region may offer another way (and
 *   cancel the event); otherwise the form's `data-unreachable` message shows in it, as an alert.
 * The region is told of each answer it shows (`in-place:answered`), before the focus moves.
 */
export const UNREACHABLE = "in-place:unreachable";
export const ANSWERED = "in-place:answered";

export function startInPlace() {
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-in-place")) return;
    const region = form.closest<HTMLElement>("[data-in-place-region]");
    if (!region?.id) return;
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") return;
    void send(form, region, new FormData(form, event.submitter));
  });
}

async function send(form: HTMLFormElement, region: HTMLElement, body: FormData) {
  busy(form, true);
  let answer: Response;
  try {
    answer = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
  } catch {
    busy(form, false);
    unreachable(form, region, body);
    return;
  }
  if (answer.redirected) {
    window.location.assign(answer.url);
    return;
  }
  const page = new DOMParser().parseFromString(await answer.text(), "text/html");
  const fresh = page.getElementById(region.id);
  // An answer without the region (an error page) is no answer the visitor can act on.
  if (!fresh) {
    busy(form, false);
    unreachable(form, region, body);
    return;
  }
  region.replaceWith(fresh);
  // The region may arrange its answer first (the contact form puts it by its button).
  fresh.dispatchEvent(new CustomEvent(ANSWERED, { bubbles: true }));
  const target =
    firstRefused(fresh) ?? fresh.querySelector<HTMLElement>('[role="status"], [role="alert"]');
  if (target) {
    if (!target.matches("input, textarea, select, button")) target.tabIndex = -1;
    target.focus();
  }
}

function unreachable(form: HTMLFormElement, region: HTMLElement, body: FormData) {
  const event = new CustomEvent(UNREACHABLE, { bubbles: true, cancelable: true, detail: body });
  if (!region.dispatchEvent(event)) return;
  let alert = form.querySelector<HTMLElement>("[data-unreachable-alert]");
  if (!alert) {
    alert = document.createElement("p");
    alert.dataset.unreachableAlert = "";
    alert.setAttribute("role", "alert");
    alert.className = "rounded-field border-l-4 border-danger bg-danger-soft px-4 py-3 text-ink";
    form.prepend(alert);
  }
  alert.textContent =
    form.dataset.unreachable ?? "No se pudo enviar. Comprueba tu conexión e inténtalo de nuevo.";
}

function busy(form: HTMLFormElement, on: boolean) {
  if (on) form.setAttribute("aria-busy", "true");
  else form.removeAttribute("aria-busy");
  for (const button of form.querySelectorAll<HTMLButtonElement>("button[type=submit]")) {
    button.disabled = on;
    const label = button.dataset.busyLabel;
    if (!label) continue;
    if (on) {
      button.dataset.label = button.textContent ?? "";
      button.textContent = label;
    } else if (button.dataset.label !== undefined) {
      button.textContent = button.dataset.label;
    }
  }
}
