import { type Change, diffLines, diffWordsWithSpace } from "diff";
import { diffMarkdown } from "./revision-html.server";
import { type DiffPart, type FieldDiff, REVISION_FIELDS, type RevisionText } from "./revisions";

/** Unchanged lines shown around a change; longer unchanged stretches are left out. */
const CONTEXT_LINES = 2;
/**
 * The time one comparison (title, summary and text together) may spend: what is not done by then
 * is shown as "all removed, all added", so no pair of revisions can hold the server for long.
 */
const BUDGET_MS = 300;
/**
 * Below this share of text in common, a changed block reads better as the old block removed and
 * the new one added than as a word salad of small changes.
 */
const MIN_COMMON = 0.4;

const normalize = (text: string) => text.replace(/\r\n?/g, "\n");

/** Adds a part, merging it into the previous one when they are of the same kind. */
function push(parts: DiffPart[], part: DiffPart) {
  const last = parts.at(-1);
  if (part.kind !== "skipped" && part.text === "") return;
  if (last && last.kind === part.kind && last.kind !== "skipped" && part.kind !== "skipped") {
    last.text += part.text;
    return;
  }
  parts.push(part);
}

/** A changed block (old text → new text) word by word, or as a whole when little is shared. */
function changedBlock(parts: DiffPart[], removed: string, added: string, deadline: number) {
  const left = deadline - Date.now();
  const words =
    removed && added && left > 0
      ? diffWordsWithSpace(removed, added, { timeout: left })
      : undefined;
  const common = words
    ? words.filter((c) => !c.added && !c.removed).reduce((n, c) => n + c.value.length, 0)
    : 0;
  if (!words || common < MIN_COMMON * Math.max(removed.length, added.length)) {
    push(parts, { kind: "removed", text: removed });
    push(parts, { kind: "added", text: added });
    return;
  }
  for (const c of words) {
    push(parts, { kind: c.added ? "added" : c.removed ? "removed" : "same", text: c.value });
  }
}

/** Unchanged lines, keeping only the context next to a change. */
function unchangedBlock(parts: DiffPart[], text: string, first: boolean, last: boolean) {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const head = first ? 0 : CONTEXT_LINES;
  const tail = last ? 0 : CONTEXT_LINES;
  if (lines.length <= head + tail + 1) {
    push(parts, { kind: "same", text });
    return;
  }
  push(parts, { kind: "same", text: lines.slice(0, head).join("") });
  parts.push({ kind: "skipped", lines: lines.length - head - tail });
  push(parts, { kind: "same", text: lines.slice(lines.length - tail).join("") });
}

/**
 * A readable diff of two texts: lines first (cheap on a long article), then words inside the
 * lines that changed; unchanged stretches are shortened to the lines around each change unless
 * `whole` (short fields: the title, the summary).
 */
export function diffText(
  before: string,
  after: string,
  whole = false,
  deadline = Date.now() + BUDGET_MS,
): DiffPart[] {
  const a = normalize(before);
  const b = normalize(after);
  const parts: DiffPart[] = [];
  if (a === b) {
    if (whole) push(parts, { kind: "same", text: a });
    else unchangedBlock(parts, a, true, true);
    return parts;
  }
  const left = deadline - Date.now();
  const byLine = left > 0 ? diffLines(a, b, { timeout: left }) : undefined;
  const lines: Change[] = byLine ?? [
    { value: a, removed: true, added: false, count: 1 },
    { value: b, removed: false, added: true, count: 1 },
  ];
  // Out of time already: no word diff inside the blocks either.
  const wordsUntil = byLine ? deadline : 0;
  for (let i = 0; i < lines.length; i++) {
    const change = lines[i]!;
    if (!change.added && !change.removed) {
      if (whole) push(parts, { kind: "same", text: change.value });
      else unchangedBlock(parts, change.value, i === 0, i === lines.length - 1);
      continue;
    }
    // A removal followed by an addition (either order) is one changed block.
    let removed = change.removed ? change.value : "";
    let added = change.added ? change.value : "";
    const next = lines[i + 1];
    if (next && (next.added || next.removed) && next.added !== change.added) {
      if (next.added) added = next.value;
      else removed = next.value;
      i++;
    }
    changedBlock(parts, removed, added, wordsUntil);
  }
  return parts;
}

/**
 * Title, summary and text of two revisions compared, field by field: the title and summary as
 * text, the article's text formatted as it reads (headings, bold, lists: issue #34).
 */
export function diffRevisions(before: RevisionText, after: RevisionText): FieldDiff[] {
  const deadline = Date.now() + BUDGET_MS;
  return REVISION_FIELDS.map(([field, label]) => {
    const changed = normalize(before[field]) !== normalize(after[field]);
    if (field === "content") {
      return {
        field,
        label,
        changed,
        parts: [],
        html: diffMarkdown(before[field], after[field], deadline),
      };
    }
    return { field, label, changed, parts: diffText(before[field], after[field], true, deadline) };
  });
}
