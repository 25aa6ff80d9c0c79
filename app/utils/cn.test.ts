import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins and drops falsy values", () => {
    expect(cn("a", false, null, undefined, "b", { c: true, d: false })).toBe("a b c");
  });
  it("lets a later utility of the same kind win", () => {
    expect(cn("px-4 py-2", "px-6")).toBe("py-2 px-6");
    expect(cn("min-h-11 text-base", "min-h-14 text-sm")).toBe("min-h-14 text-sm");
    expect(cn("text-ink", "text-primary")).toBe("text-primary");
    expect(cn("inline-flex", "hidden")).toBe("hidden");
    expect(cn("bg-primary hover:bg-primary-strong", "bg-ink")).toBe(
      "hover:bg-primary-strong bg-ink",
    );
    expect(cn("rounded-full", "rounded-none")).toBe("rounded-none");
    expect(cn("font-semibold", "font-bold")).toBe("font-bold");
  });
  it("keeps utilities of different kinds that share a prefix", () => {
    expect(cn("text-sm text-primary text-center")).toBe("text-sm text-primary text-center");
    expect(cn("text-h3 text-ink")).toBe("text-h3 text-ink");
    expect(cn("border-2 border-primary")).toBe("border-2 border-primary");
    expect(cn("font-serif font-semibold")).toBe("font-serif font-semibold");
    expect(cn("m-2 min-h-11 max-w-md")).toBe("m-2 min-h-11 max-w-md");
    expect(cn("rounded-full rounded-t-none")).toBe("rounded-full rounded-t-none");
  });
  it("keeps responsive and state variants apart", () => {
    expect(cn("hidden md:inline-flex", "md:flex")).toBe("hidden md:flex");
    expect(cn("[&_svg]:size-4", "[&_svg]:size-5")).toBe("[&_svg]:size-5");
    expect(cn("[mask:a]", "[mask:b]")).toBe("[mask:a] [mask:b]");
  });
});
