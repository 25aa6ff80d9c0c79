import { Share2 } from "lucide-react";
import { cn } from "~/utils/cn";
import { mailtoHref } from "~/utils/mailto";

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

/**
 * The share links. Static markup: the site script (app/browser/share.ts) opens the networks in a
 * small window and shows 'Copiar enlace', which needs it.
 */
export function ShareLinks({
  url,
  title,
  className,
}: {
  url: string;
  title: string;
  className?: string;
}) {
  return (
    <ul className={cn("flex flex-wrap gap-2", className)}>
      {shareTargets(url, title).map((target) => (
        <li key={target.name}>
          <a
            href={target.href}
            target="_blank"
            rel="noopener noreferrer"
            data-share-window={target.href.startsWith("mailto:") ? undefined : ""}
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
          data-copy-link={url}
          hidden
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-border bg-surface px-4 text-sm font-semibold hover:border-primary hover:text-primary"
        >
          Copiar enlace
        </button>
        <span role="status" data-copy-status="" className="ml-2 text-sm text-success" />
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
        data-share=""
        data-share-title={title}
        data-share-url={url}
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
