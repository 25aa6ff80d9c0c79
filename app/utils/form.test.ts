import { describe, expect, it } from "vitest";
import { readForm } from "./form";

const post = (body: BodyInit) => new Request("http://localhost/x", { method: "POST", body });

async function status(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
}

describe("readForm", () => {
  it("returns a normal form", async () => {
    const form = await readForm(post(new URLSearchParams({ name: "Ana Ruiz" })));
    expect(form.get("name")).toBe("Ana Ruiz");
  });

  it("answers 400 to a NUL character in a field value or name, urlencoded or multipart", async () => {
    expect(await status(readForm(post(new URLSearchParams({ name: "Ana\u0000" }))))).toBe(400);
    expect(await status(readForm(post(new URLSearchParams({ "a\u0000": "x" }))))).toBe(400);
    const multipart = new FormData();
    multipart.append("token", "abc\u0000");
    expect(await status(readForm(post(multipart)))).toBe(400);
    expect(await status(readForm(post("no es un formulario")))).toBe(400);
  });
});
