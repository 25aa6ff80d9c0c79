import { describe, expect, it } from "vitest";
import { pageSlots, parsePage } from "./pagination";

describe("pagination slots", () => {
  it("shows every page up to five", () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it("uses ellipses beyond five, never more than five numbers", () => {
    expect(pageSlots(1, 9)).toEqual([1, 2, 3, 4, "ellipsis-end", 9]);
    expect(pageSlots(5, 9)).toEqual([1, "ellipsis-start", 4, 5, 6, "ellipsis-end", 9]);
    expect(pageSlots(9, 9)).toEqual([1, "ellipsis-start", 6, 7, 8, 9]);
    for (let c = 1; c <= 30; c++) {
      const numbers = pageSlots(c, 30).filter((s) => typeof s === "number");
      expect(numbers.length).toBeLessThanOrEqual(5);
      expect(numbers).toContain(c);
      expect(numbers).toContain(1);
      expect(numbers).toContain(30);
    }
  });
  it("parses the page parameter strictly", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage("2")).toBe(2);
    for (const bad of ["0", "-1", "abc", "2.5", "1e3", "", "9999999"])
      expect(parsePage(bad)).toBeNull();
  });
});
