/** Small DOM helpers of the site script. */

/** The element matching `selector` at or above the event's target, if any. */
export function closest<T extends Element = HTMLElement>(event: Event, selector: string) {
  const target = event.target;
  return target instanceof Element ? (target.closest(selector) as T | null) : null;
}

/** A plain left click, no modifier key: one the page may handle instead of the browser. */
export function plainClick(event: MouseEvent) {
  return !(
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  );
}

/** Shows the elements the server rendered `hidden` until this script runs. */
export function reveal(selector: string, root: ParentNode = document) {
  for (const el of root.querySelectorAll<HTMLElement>(selector)) el.hidden = false;
}
