import { useEffect, useRef, useState } from "react";
import { FlaggedText, FlagNotice } from "~/components/admin/flag-notice";
import { reviewFlags } from "~/modules/compliance/flags";
import { cn } from "~/utils/cn";

/** Until measured in the browser, a text this long is taken to need more than three lines. */
const CLAMP_GUESS_CHARS = 90;

/**
 * The review's full text in the list: three lines, and a 'Leer reseña completa' disclosure
 * (a native <details>, so it works before the page's JavaScript has loaded) that lifts the limit.
 * Once measured, the disclosure is left out for a text that fits.
 */
export function ReviewText({ id, name, text }: { id: string; name: string; text: string }) {
  const flags = reviewFlags(text);
  const paragraph = useRef<HTMLParagraphElement>(null);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const [fits, setFits] = useState(text.length <= CLAMP_GUESS_CHARS);
  useEffect(() => {
    const el = paragraph.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      // Open, nothing is clamped: keep the disclosure so it can close again.
      if (disclosure.current?.open) return;
      setFits(el.scrollHeight <= el.clientHeight + 1);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="group/texto min-w-0">
      <p
        id={id}
        className="line-clamp-3 break-words whitespace-pre-wrap group-has-[details[open]]/texto:line-clamp-none"
      >
        <FlaggedText text={text} flags={flags} />
      </p>
      <details ref={disclosure} className={cn("group/leer mt-1", fits && "hidden")}>
        <summary
          aria-controls={id}
          className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-full px-1 text-sm font-semibold text-primary underline underline-offset-4 hover:text-primary-strong [&::-webkit-details-marker]:hidden"
        >
          <span className="group-open/leer:hidden">Leer reseña completa</span>
          <span className="hidden group-open/leer:inline">Mostrar menos</span>
          <span className="sr-only"> de {name}</span>
        </summary>
      </details>
      <FlagNotice flags={flags} id={`${id}-revisar`} compact />
    </div>
  );
}
