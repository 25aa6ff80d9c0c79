import { TriangleAlert } from "lucide-react";
import { type Flag, rulesTouched, segments, wordsFor } from "~/modules/compliance/flags";

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

/**
 * 'Revisa antes de publicar': the rules touched, the words found for each, and the source.
 * `compact` (the review list): one line, 'Revisar: Salud («ansiedad») · Contacto («…»)', that
 * opens (a native <details>) on the rules and their sources.
 */
export function FlagNotice({
  flags,
  intro = "Revisa antes de publicar",
  id,
  compact = false,
}: {
  flags: Flag[];
  intro?: string;
  id?: string;
  compact?: boolean;
}) {
  if (flags.length === 0) return null;
  if (compact) {
    return (
      <details id={id} className="group/flags mt-2 rounded-field bg-accent-soft text-sm text-ink">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 py-1 [&::-webkit-details-marker]:hidden">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <strong>Revisar:</strong>{" "}
            {rulesTouched(flags)
              .map((rule) => `${rule.short} (${quoted(wordsFor(flags, rule.kind))})`)
              .join(" · ")}
          </span>
        </summary>
        <ul className="flex flex-col gap-1 px-3 pb-2 pl-9">
          {rulesTouched(flags).map((rule) => (
            <li key={rule.kind} className="list-disc">
              <strong>{rule.title}</strong>: <Source rule={rule} />
            </li>
          ))}
        </ul>
      </details>
    );
  }
  return (
    <div id={id} className="rounded-field border border-accent bg-accent-soft p-3 text-sm text-ink">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" /> {intro}:
      </p>
      <ul className="mt-1 flex flex-col gap-1 pl-6">
        {rulesTouched(flags).map((rule) => (
          <li key={rule.kind} className="list-disc">
            <strong>{rule.title}</strong>: {quoted(wordsFor(flags, rule.kind))}.{" "}
            <Source rule={rule} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const quoted = (words: string[]) => words.map((w) => `«${w}»`).join(", ");

/** The rule's source, opening in another tab. */
function Source({ rule }: { rule: ReturnType<typeof rulesTouched>[number] }) {
  return (
    <a href={rule.url} className="underline" target="_blank" rel="noreferrer">
      {rule.source}
      <span className="sr-only"> (se abre en otra pestaña)</span>
    </a>
  );
}
