import { describe, expect, it } from "vitest";
import { pageSlots, paginate, parsePage } from "./pagination";

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

describe("paginate", () => {
  it("counts at least one page", () => {
    expect(paginate(0, 20)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(paginate(20, 20)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(paginate(21, 20, 2)).toEqual({ page: 2, pageCount: 2, offset: 20 });
  });

  it("brings a page out of range into it", () => {
    expect(paginate(45, 20, 9)).toEqual({ page: 3, pageCount: 3, offset: 40 });
    expect(paginate(45, 20, 0)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(paginate(45, 20, -4)).toEqual({ page: 1, pageCount: 3, offset: 0 });
  });
});
