import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { articleExtensions, documentToMarkdown } from "./article-markdown";

// The editor without a page (no DOM), as in article-markdown.test.ts.
let editor: Editor;
afterEach(() => editor.destroy());
function load(markdown: string) {
  editor = new Editor({
    extensions: articleExtensions(),
    content: markdown,
    contentType: "markdown",
  });
  return editor;
}
const selectWord = (word: string) => {
  const from = editor.state.doc.textContent.indexOf(word) + 1;
  editor.commands.setTextSelection({ from, to: from + word.length });
};

describe("the article's link mark", () => {
  it("links the selection with an address the public page keeps, and only then", () => {
    load("Lee la guía.");
    selectWord("guía");
    expect(editor.commands.setLink({ href: "javascript:alert(1)" })).toBe(false);
    expect(editor.commands.setLink({ href: "https://www.ejemplo.es/guia" })).toBe(true);
    expect(documentToMarkdown(editor)).toBe("Lee la [guía](https://www.ejemplo.es/guia).");
  });

  it("removes the whole link around the cursor", () => {
    load("Lee [la guía](/blog/guia) hoy.");
    editor.commands.setTextSelection(editor.state.doc.textContent.indexOf("guía") + 2);
    editor.chain().extendMarkRange("link").unsetLink().run();
    expect(documentToMarkdown(editor)).toBe("Lee la guía hoy.");
  });

  it("does not grow when typing right after it, and keeps a title", () => {
    load('Lee [la guía](https://ejemplo.es "Guía") y');
    editor.commands.setTextSelection(editor.state.doc.textContent.indexOf(" y") + 1);
    // What typing does: the text takes the marks at the cursor.
    editor.view.dispatch(editor.state.tr.insertText(" ya"));
    expect(documentToMarkdown(editor)).toBe('Lee [la guía](https://ejemplo.es "Guía") ya y');
  });
});
