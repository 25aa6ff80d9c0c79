import { afterEach, vi } from "vitest";

// Any console.error during a test fails it (docs/architecture.md#tests).
let errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(
      `console.error durante la prueba:\n${seen.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
