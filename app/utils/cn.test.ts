import { describe, expect, it } from "vitest";
import { utilityGroup } from "../../tests/support/class-groups";
import { analyzeClasses, readAppSources } from "../../tests/support/class-sources";
import { cn } from "./cn";

const app = analyzeClasses(readAppSources());

describe("cn", () => {
  it("joins and drops falsy values", () => {
    expect(cn("a", false, null, undefined, "b", { c: true, d: false })).toBe("a b c");
  });

  it("keeps every class it is given, also two of one kind", () => {
    expect(cn("ring-2 ring-primary")).toBe("ring-2 ring-primary");
    expect(cn("outline-2 outline-offset-2 outline-danger")).toBe(
      "outline-2 outline-offset-2 outline-danger",
    );
    expect(cn("px-4", "px-6")).toBe("px-4 px-6");
  });

  it("keeps every class written in app/", () => {
    const literals = app.classLiterals();
    // The extractor reaches constants and cva variants, not only className="…".
    const texts = literals.map((l) => l.text).join("\n");
    expect(literals.length).toBeGreaterThan(300);
    expect(texts).toContain("aria-invalid:ring-1 aria-invalid:ring-danger"); // fieldClassName
    expect(texts).toContain("bg-transparent text-danger hover:bg-sand"); // a Button variant
    const dropped = literals.flatMap(({ where, text }) => {
      const kept = new Set(cn(text).split(" "));
      const lost = text.split(/\s+/).filter((c) => c && !kept.has(c));
      return lost.length > 0 ? [`${where}: ${lost.join(" ")}`] : [];
    });
    expect(dropped).toEqual([]);
  });
});

describe("class conflicts", () => {
  it("groups utilities by the property they set, under the same variants", () => {
    const same: [string, string][] = [
      ["px-4", "px-6"],
      ["text-ink", "text-[#e8eeec]"],
      ["text-sm", "text-h3"],
      ["[&_svg]:size-4", "[&_svg]:size-5"],
      ["shadow-soft", "shadow-none"],
      ["md:hover:bg-sand", "hover:md:bg-ink"],
      ["align-middle", "align-top"],
      ["[mask:a]", "[mask:b]"],
    ];
    const apart: [string, string][] = [
      ["px-4", "md:px-6"],
      ["p-6", "pb-0"], // Tailwind orders the longhand after
      ["ring-2", "ring-primary"],
      ["outline-2", "outline-offset-2"],
      ["outline-2", "outline-danger"],
      ["text-h3", "text-ink"],
      ["text-(length:--text-h3)", "text-muted"],
      ["shadow-soft", "shadow-primary/20"],
      ["overflow-x-auto", "overflow-y-hidden"],
      ["border-dashed", "border-border-strong"],
      ["border-2", "border-l-4"],
      ["[mask:a]", "[color:red]"],
    ];
    for (const [a, b] of same) expect(utilityGroup(b), `${a} ${b}`).toBe(utilityGroup(a));
    for (const [a, b] of apart) expect(utilityGroup(b), `${a} ${b}`).not.toBe(utilityGroup(a));
  });

  it("finds classes of one group that an element could get twice", () => {
    const found = analyzeClasses({
      "app/components/ui/box.tsx": `
        import { cva } from "class-variance-authority";
        import { cn } from "~/utils/cn";
        const boxVariants = cva("rounded px-4", {
          variants: {
            tone: { plain: "text-ink", loud: "text-primary" },
            size: { md: "py-2", lg: "py-3 px-6" },
          },
          defaultVariants: { tone: "plain", size: "md" },
        });
        export function Box({ className, tone, size }) {
          return <div className={cn(boxVariants({ tone, size }), className)} />;
        }
        export function Loud({ className }) {
          return <Box tone="loud" className={cn("mt-2", className)} />;
        }`,
      "app/routes/page.tsx": `
        import { cn } from "~/utils/cn";
        import { Box, Loud } from "../components/ui/box";
        export default function Page({ on }) {
          return (
            <>
              <Box className="px-6" />
              <Box className="text-primary" />
              <Box tone="loud" className="text-primary mt-4" />
              <Box className={on ? "md:px-6" : "mb-1"} />
              <Loud className="mt-4" />
              <Loud className="text-primary" />
              <span className={cn("w-6", on && "w-2")} />
              <span className={on ? "w-6" : "w-2"} />
            </>
          );
        }`,
    }).classConflicts();
    expect(found.map((c) => `${c.where} ${c.classes.join(" ")}`).sort()).toEqual([
      "app/components/ui/box.tsx:12 px-4 px-6", // the lg size against the base, where Box uses it
      "app/components/ui/box.tsx:4 px-4 px-6", // in the cva definition itself
      "app/routes/page.tsx:11 mt-2 mt-4", // through Loud, which passes it on to Box
      "app/routes/page.tsx:13 w-6 w-2",
      "app/routes/page.tsx:7 px-4 px-6",
      "app/routes/page.tsx:8 text-ink text-primary", // the default tone
    ]);
  });

  it("finds none in app/", () => {
    const conflicts = app
      .classConflicts()
      .map((c) => `${c.where}: ${c.classes.join(" and ")} ${c.detail}`);
    expect(conflicts).toEqual([]);
  });
});
