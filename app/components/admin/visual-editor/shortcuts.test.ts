import { describe, expect, it } from "vitest";
import { shortcut } from "./shortcuts";

describe("toolbar shortcuts", () => {
  it("say Ctrl elsewhere and ⌘ on a Mac, where ProseMirror binds Mod to Meta", () => {
    expect(shortcut("Mod+Shift+8", false)).toEqual({
      shown: "Ctrl+Mayús+8",
      aria: "Control+Shift+8",
    });
    expect(shortcut("Mod+Shift+8", true)).toEqual({ shown: "⌘+Mayús+8", aria: "Meta+Shift+8" });
    expect(shortcut("Mod+Alt+2", true)).toEqual({ shown: "⌘+⌥+2", aria: "Meta+Alt+2" });
  });
});
