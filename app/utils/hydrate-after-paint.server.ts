import { Transform } from "node:stream";

/**
 * Hydration after the first paint.
 *
 * Every page is rendered on the server and usable before any JavaScript runs (links and forms
 * work without it). React Router's <Scripts> asks for all the page's modules at once from the
 * <head> (`modulepreload`) and starts hydrating as soon as they arrive, so on a slow phone the
 * ~130 KB of JavaScript competes with the stylesheet and the first screen, and its evaluation can
 * hold back the first paint. This transform of the HTML stream moves that to just after the first
 * paint:
 * - the `modulepreload` links leave the <head> (their addresses are kept);
 * - React Router's inline module script (`<script type="module" async>`, the one that imports the
 *   route modules and the entry) becomes inert (`type="text/x-hydrate"`);
 * - a small script at the end of the <body>, with the request's CSP nonce, waits for the first
 *   frame, then adds the preload links back and runs that module script's text as a module.
 * If the module script is not found (a different React Router output), nothing is made inert and
 * the page hydrates as usual, only without the preloads.
 */
export function hydrateAfterFirstPaint(nonce: string) {
  const MODULE_SCRIPT = ' type="module" async="">';
  const INERT_SCRIPT = ' type="text/x-hydrate">';
  let phase: "head" | "body" | "done" = "head";
  let pending = Buffer.alloc(0);
  const preloads: string[] = [];

  const rewriteHead = (html: string) =>
    html.replace(/<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
      preloads.push(href);
      return "";
    });

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending = Buffer.concat([pending, chunk]);
      const out: Buffer[] = [];
      if (phase === "head") {
        const end = pending.indexOf("</head>");
        if (end === -1) return callback();
        const cut = end + "</head>".length;
        out.push(Buffer.from(rewriteHead(pending.subarray(0, cut).toString("utf8")), "utf8"));
        pending = pending.subarray(cut);
        phase = "body";
      }
      if (phase === "body") {
        const at = pending.indexOf(MODULE_SCRIPT);
        if (at !== -1) {
          out.push(pending.subarray(0, at), Buffer.from(INERT_SCRIPT));
          pending = pending.subarray(at + MODULE_SCRIPT.length);
          phase = "done";
        }
      }
      // Hold back a tail: it may be the start of the marker split across two chunks, or the end
      // of the document, before which the boot script goes.
      const keep = Math.min(
        pending.length,
        Math.max(MODULE_SCRIPT.length - 1, DOCUMENT_END.length),
      );
      out.push(pending.subarray(0, pending.length - keep));
      pending = pending.subarray(pending.length - keep);
      callback(null, Buffer.concat(out));
    },
    flush(callback) {
      if (phase !== "done") return callback(null, pending);
      const boot = Buffer.from(bootScript(nonce, preloads));
      const end = pending.lastIndexOf(DOCUMENT_END);
      if (end === -1) return callback(null, Buffer.concat([pending, boot]));
      callback(null, Buffer.concat([pending.subarray(0, end), boot, pending.subarray(end)]));
    },
  });
}

const DOCUMENT_END = "</body></html>";

function bootScript(nonce: string, preloads: string[]) {
  // Plain ES5 in a string: it runs before any bundle. `</` cannot occur in the JSON of paths
  // (they are our own asset URLs), so the script element cannot be closed early.
  const code = `(function(){var started=false;function start(){if(started)return;started=true;
${JSON.stringify(preloads)}.forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.appendChild(l)});
var inert=document.querySelector('script[type="text/x-hydrate"]');if(!inert)return;
var s=document.createElement("script");s.type="module";s.nonce=inert.nonce;s.textContent=inert.textContent;document.body.appendChild(s)}
requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,3000)})();`;
  return `<script nonce="${nonce}">${code}</script>`;
}
