import { TriangleAlert } from "lucide-react";
import { type Flag, rulesTouched, segments } from "~/modules/compliance/flags";

/**
 * What the claims and moderation checks found (app/modules/compliance/flags.ts): the text with
 * the words highlighted, and the rules they touch with their source. Advice, never a block.
 */

/** The text with each finding marked (the rule's title on hover and for screen readers). */
export function FlaggedText({ text, flags }: { text: string; flags: Flag[] }) {
  return (
    <>
      {segments(text, flags).map((part, i) =>
        part.flag ? (
          <mark key={i} className="rounded-sm bg-accent-soft px-0.5 text-ink">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** 'Revisa antes de publicar': the rules touched, the words found for each, and the source. */
export function FlagNotice({
  flags,
  intro = "Revisa antes de publicar",
  id,
}: {
  flags: Flag[];
  intro?: string;
  id?: string;
}) {
  if (flags.length === 0) return null;
  return (
    <div id={id} className="rounded-field border border-accent bg-accent-soft p-3 text-sm text-ink">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" /> {intro}:
      </p>
      <ul className="mt-1 flex flex-col gap-1 pl-6">
        {rulesTouched(flags).map((rule) => (
          <li key={rule.kind} className="list-disc">
            <strong>{rule.title}</strong>:{" "}
            {[...new Set(flags.filter((f) => f.kind === rule.kind).map((f) => `«${f.text}»`))].join(
              ", ",
            )}
            .{" "}
            <a href={rule.url} className="underline" target="_blank" rel="noreferrer">
              {rule.source}
              <span className="sr-only"> (se abre en otra pestaña)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
