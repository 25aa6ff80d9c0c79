/** The longest search a search box takes (its `maxLength`); a longer one (typed into the URL) is cut. */
export const SEARCH_MAX = 100;

/** A search as typed, tidied: one space between words, at most SEARCH_MAX characters. */
export function normalizeQuery(raw: string | null | undefined) {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX);
}
