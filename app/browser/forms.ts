/**
 * Forms of content pages post as plain HTML forms (the server answers with the page). Here, once
 * one is sent, its buttons are disabled and the form marked busy, so that a second press does not
 * send it twice; coming back to the page (the browser's back button) enables them again. Island
 * pages leave their forms to React.
 */
export function startForms() {
  if (document.documentElement.dataset.kind !== "content") return;
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
}
