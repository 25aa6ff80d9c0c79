/**
 * The toolbar's keyboard shortcuts as ProseMirror binds them ("Mod" is Ctrl, or ⌘ on Apple's
 * systems), said in Spanish in the tooltips and given to assistive technology as
 * aria-keyshortcuts.
 */

/** Whether the browser runs on Apple's systems, where ProseMirror's "Mod" is ⌘ (Meta). */
const apple = () =>
  typeof navigator !== "undefined" &&
  /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** A shortcut ("Mod+Shift+8") as the tooltip says it and as aria-keyshortcuts. */
export function shortcut(keys: string, mac = apple()) {
  const shown = keys
    .replace("Mod", mac ? "⌘" : "Ctrl")
    .replace("Shift", "Mayús")
    .replace("Alt", mac ? "⌥" : "Alt");
  return { shown, aria: keys.replace("Mod", mac ? "Meta" : "Control") };
}
