/**
 * No click or key press is lost before React takes over the page.
 *
 * Links and forms work without JavaScript. Every other control (a `<button>` that submits no
 * form, anything with a widget role, or marked `data-replay`) does nothing until the page is
 * hydrated, and React resets the fields it controls to their initial value when it hydrates them.
 * An inline script in the <head> keeps both: the clicks on those controls and what was typed or
 * chosen in any field. The root layout replays them once hydrated, on the same element or, if
 * React replaced the markup, the one with the same id or at the same position: first the fields
 * (their value set again, with the `input`/`change` events React listens to), then each clicked
 * control once, in order, with the pointer and mouse events Radix triggers listen to (menus open
 * on `pointerdown`, tabs on `mousedown`, dialogs on `click`).
 */

/** Controls that need JavaScript to do anything. */
const NEEDS_SCRIPT =
  'button,[role="button"],[role="switch"],[role="tab"],[role="checkbox"],[role="combobox"],[data-replay]';
const FIELDS = "input,textarea,select";

declare global {
  interface Window {
    __replayEarlyInput?: () => void;
  }
}

/** Runs in the browser before any bundle: self-contained, serialised with `toString()`. */
function install(controls: string, fields: string) {
  type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  const clicked: { el: HTMLElement; index: number }[] = [];
  const typed = new Map<Field, { value: string; checked: boolean; index: number }>();
  const positionOf = (el: Element, selector: string) =>
    Array.prototype.indexOf.call(document.querySelectorAll(selector), el);
  /** The element itself, or its stand-in if React replaced the markup. */
  const current = <T extends Element>(el: T, selector: string, index: number) =>
    el.isConnected
      ? el
      : ((el.id && document.getElementById(el.id)) as T | null) ||
        (document.querySelectorAll<T>(selector)[index] ?? null);

  const needsScript = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return null;
    const el = target.closest<HTMLElement>(`${controls},a[href]`);
    if (!el || !el.matches(controls) || el.matches("a[href]")) return null;
    if (el instanceof HTMLButtonElement && (el.disabled || (el.form && el.type === "submit")))
      return null;
    return el;
  };
  const onClick = (event: MouseEvent) => {
    const el = needsScript(event.target);
    if (!el) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!clicked.some((c) => c.el === el)) clicked.push({ el, index: positionOf(el, controls) });
  };
  const onInput = (event: Event) => {
    const el = event.target;
    if (!(el instanceof Element) || !el.matches(fields)) return;
    const field = el as Field;
    if (field instanceof HTMLInputElement && field.type === "file") return;
    typed.set(field, {
      value: field.value,
      checked: field instanceof HTMLInputElement && field.checked,
      index: positionOf(field, fields),
    });
  };
  window.addEventListener("click", onClick, true);
  window.addEventListener("input", onInput, true);
  window.addEventListener("change", onInput, true);

  window.__replayEarlyInput = () => {
    window.removeEventListener("click", onClick, true);
    window.removeEventListener("input", onInput, true);
    window.removeEventListener("change", onInput, true);
    window.__replayEarlyInput = () => {};
    typed.forEach((kept, el) => {
      const field = current(el, fields, kept.index);
      if (!field) return;
      if (
        field instanceof HTMLInputElement &&
        (field.type === "checkbox" || field.type === "radio")
      ) {
        // Same for a box: its own setter first, then a real click to the state that was chosen.
        if (field.type === "radio" && !kept.checked) return;
        field.checked = !kept.checked;
        field.click();
        return;
      }
      // React may show the typed text but hold the initial value in its state (its next render
      // would put that back): make it see a change. The element's own setter moves React's value
      // tracker away, the prototype's setter puts the text back behind its back, then `input`.
      field.value = "";
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(
        field,
        kept.value,
      );
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    });
    for (const { el, index } of clicked) {
      const target = current(el, controls, index);
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
export function earlyInputScript() {
  return `(${install.toString()})(${JSON.stringify(NEEDS_SCRIPT)},${JSON.stringify(FIELDS)});`;
}

/** Called once the page is hydrated: replays what was typed and clicked before, then stops. */
export function replayEarlyInput() {
  window.__replayEarlyInput?.();
}
