import { Share2 } from "lucide-react";
import { useState } from "react";
import { cn } from "~/utils/cn";
import { mailtoHref } from "~/modules/contact/mailto";

/** Plain share links: no third-party scripts, no cookies (docs/product.md#sharing). */
export function shareTargets(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: "WhatsApp", href: `https://wa.me/?text=${t}%20${u}` },
    { name: "Telegram", href: `https://t.me/share/url?url=${u}&text=${t}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "X (Twitter)", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: "Email", href: mailtoHref("", { subject: title, body: `${title}\n${url}` }) },
  ];
}

/** Opens a share link in a 600×400 window; falls back to the plain link. */
function openShareWindow(event: React.MouseEvent<HTMLAnchorElement>) {
  const href = event.currentTarget.href;
  if (href.startsWith("mailto:")) return;
  const win = window.open(href, "_blank", "width=600,height=400,noopener,noreferrer");
  if (win !== null || !window.open) event.preventDefault();
}

export function ShareLinks({
  url,
  title,
  className,
}: {
  url: string;
  title: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <ul className={cn("flex flex-wrap gap-2", className)}>
      {shareTargets(url, title).map((target) => (
        <li key={target.name}>
          <a
            href={target.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={openShareWindow}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-border bg-surface px-4 text-sm font-semibold text-ink no-underline hover:border-primary hover:text-primary"
          >
            {target.name}
            <span className="sr-only"> (compartir; se abre en una ventana nueva)</span>
          </a>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-border bg-surface px-4 text-sm font-semibold hover:border-primary hover:text-primary"
        >
          Copiar enlace
        </button>
        <span role="status" className="sr-only">
          {copied ? "Enlace copiado" : ""}
        </span>
        {copied ? <span className="ml-2 text-sm text-success">¡Copiado!</span> : null}
      </li>
    </ul>
  );
}

/**
 * The landing page's share control, in the page's flow (nothing floats over the content): a
 * <details> element, so it opens without JavaScript; with it, the browser's own share sheet is
 * used when there is one.
 */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  return (
    <details className="mt-4">
      <summary
        onClick={(event) => {
          if (navigator.share) {
            event.preventDefault();
            navigator.share({ title, url }).catch(() => {});
          }
        }}
        className="-ml-3 inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full px-3 font-semibold text-primary hover:bg-primary-soft [&::-webkit-details-marker]:hidden"
      >
        <Share2 aria-hidden="true" className="size-5" />
        Compartir
      </summary>
      <div className="mt-2 rounded-card border border-border bg-surface p-4 shadow-soft">
        <p className="mb-3 font-semibold">Compartir esta página</p>
        <ShareLinks url={url} title={title} />
      </div>
    </details>
  );
}
