/**
 * No click is lost before React takes over the page.
 *
 * Links and forms work without JavaScript. Every other control (a `<button>` that submits no
 * form, anything with a widget role, or marked `data-replay`) does nothing until the page is
 * hydrated. An inline script in the <head> (first thing the browser runs) keeps those clicks and
 * the root layout replays them once hydrated: the same element, or, if React replaced the markup,
 * the element at the same position among the page's controls. Each control is replayed once, in
 * the order it was clicked, with the pointer and mouse events Radix triggers listen to (menus open
 * on `pointerdown`, tabs on `mousedown`, dialogs on `click`).
 */

/** Controls that need JavaScript to do anything. */
const NEEDS_SCRIPT =
  'button,[role="button"],[role="switch"],[role="tab"],[role="checkbox"],[role="combobox"],[data-replay]';

declare global {
  interface Window {
    __replayEarlyClicks?: () => void;
  }
}

/** Runs in the browser before any bundle: self-contained, serialised with `toString()`. */
function install(selector: string) {
  type Kept = { el: HTMLElement; index: number };
  let kept: Kept[] = [];
  const needsScript = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return null;
    const el = target.closest<HTMLElement>(`${selector},a[href]`);
    if (!el || !el.matches(selector) || el.matches("a[href]")) return null;
    if (el instanceof HTMLButtonElement && (el.disabled || (el.form && el.type === "submit")))
      return null;
    return el;
  };
  const onClick = (event: MouseEvent) => {
    const el = needsScript(event.target);
    if (!el) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (kept.some((k) => k.el === el)) return;
    const index = Array.prototype.indexOf.call(document.querySelectorAll(selector), el);
    kept.push({ el, index });
  };
  window.addEventListener("click", onClick, true);
  window.__replayEarlyClicks = () => {
    window.removeEventListener("click", onClick, true);
    window.__replayEarlyClicks = () => {};
    const queue = kept;
    kept = [];
    for (const { el, index } of queue) {
      const target = el.isConnected
        ? el
        : (document.querySelectorAll<HTMLElement>(selector)[index] ?? null);
      if (!target) continue;
      const init = { bubbles: true, cancelable: true, button: 0, pointerType: "mouse" };
      target.dispatchEvent(new PointerEvent("pointerdown", init));
      target.dispatchEvent(new MouseEvent("mousedown", init));
      target.dispatchEvent(new PointerEvent("pointerup", init));
      target.dispatchEvent(new MouseEvent("mouseup", init));
      target.click();
    }
  };
}

/** The inline script's text (the nonce is added where it is rendered). */
export function earlyClicksScript() {
  return `(${install.toString()})(${JSON.stringify(NEEDS_SCRIPT)});`;
}

/** Called once the page is hydrated: replays what was clicked before, then stops keeping. */
export function replayEarlyClicks() {
  window.__replayEarlyClicks?.();
}
