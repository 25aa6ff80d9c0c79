export type PageSlot = number | "ellipsis-start" | "ellipsis-end";

/**
 * At most 5 page numbers, with ellipses for the gaps (docs/product.md#blog): the first and last
 * pages are always reachable, and the current page keeps its neighbours.
 */
export function pageSlots(current: number, pageCount: number): PageSlot[] {
  if (pageCount <= 5) return Array.from({ length: pageCount }, (_, i) => i + 1);
  if (current <= 3) return [1, 2, 3, 4, "ellipsis-end", pageCount];
  if (current >= pageCount - 2) {
    return [1, "ellipsis-start", pageCount - 3, pageCount - 2, pageCount - 1, pageCount];
  }
  return [1, "ellipsis-start", current - 1, current, current + 1, "ellipsis-end", pageCount];
}

/** `?pagina=` as a page number: null when it is not a positive integer. */
export function parsePage(raw: string | null): number | null {
  if (raw === null) return 1;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/**
 * One page of a list of `total` items, `pageSize` a page: how many pages there are (at least one),
 * the requested page brought into that range, and how many items come before it.
 */
export function paginate(total: number, pageSize: number, requested = 1) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}
