import { Transform } from "node:stream";

/**
 * Hydration after the first paint, on public pages read by visitors who are not signed in.
 *
 * Every page is rendered on the server and usable before any JavaScript runs (links and forms
 * work without it; clicks on controls that need JavaScript are kept and replayed once React has
 * taken over, see `app/utils/early-input.ts`). React Router's <Scripts> asks for all the page's
 * modules at once from the <head> (`modulepreload`) and starts hydrating as soon as they arrive, so
 * on a slow phone the ~130 KB of JavaScript competes with the stylesheet and the first screen. This
 * transform of the HTML stream moves that to just after the first paint:
 * - the `modulepreload` links leave the <head> (their tags are kept);
 * - the first module script of the <body> (React Router's, which imports the route modules and the
 *   entry) becomes inert: its `type` becomes `text/x-hydrate`, every other attribute is kept;
 * - a small script at the end of the <body>, with the request's CSP nonce, waits for the first
 *   frame and, where the page marks its main image `fetchpriority="high"` (an article's cover,
 *   the first card of the blog), for that image, then adds the preload links back and runs that
 *   script's text as a module. It starts after 3 s whatever happens.
 * Tags are read by their attributes (any order, any quoting), not by their exact text. If no module
 * script is found (a different React Router output), the preload links are put back before
 * `</body>` and `onMissing` is called: the page then hydrates as usual, and the server logs it.
 */
export function hydrateAfterFirstPaint(nonce: string, onMissing: () => void = () => {}) {
  let phase: "head" | "body" | "done" = "head";
  let pending = Buffer.alloc(0);
  const preloads: Tag[] = [];

  const rewriteHead = (html: string) =>
    html.replace(/<link\b[^>]*>/gi, (tag) => {
      const parsed = parseTag(tag);
      if (parsed.attributes.get("rel")?.toLowerCase() !== "modulepreload") return tag;
      preloads.push(parsed);
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
      // Every byte before a `<script` start tag not yet complete can go out.
      while (phase === "body") {
        const start = pending.indexOf("<script");
        if (start === -1) break;
        const end = pending.indexOf(">", start);
        if (end === -1) {
          out.push(pending.subarray(0, start));
          pending = pending.subarray(start);
          return callback(null, Buffer.concat(out));
        }
        const tag = parseTag(pending.subarray(start, end + 1).toString("utf8"));
        if (tag.attributes.get("type")?.toLowerCase() === "module") {
          out.push(pending.subarray(0, start), Buffer.from(inertTag(tag), "utf8"));
          phase = "done";
        } else {
          out.push(pending.subarray(0, end + 1));
        }
        pending = pending.subarray(end + 1);
      }
      // Hold back a tail: the start of a `<script` split across chunks, or the end of the
      // document, before which the boot script (or the preloads) go.
      const keep = Math.min(pending.length, TAIL);
      out.push(pending.subarray(0, pending.length - keep));
      pending = pending.subarray(pending.length - keep);
      callback(null, Buffer.concat(out));
    },
    flush(callback) {
      if (phase === "head") return callback(null, pending);
      let insert: string;
      if (phase === "done") {
        insert = bootScript(nonce, preloads);
      } else {
        insert = preloads.map((tag) => tag.source).join("");
        if (preloads.length) onMissing();
      }
      const end = pending.lastIndexOf("</body>");
      const cut = end === -1 ? pending.length : end;
      callback(
        null,
        Buffer.concat([pending.subarray(0, cut), Buffer.from(insert), pending.subarray(cut)]),
      );
    },
  });
}

/** Longest text held back between chunks: `</body></html>` plus some room. */
const TAIL = 32;

interface Tag {
  source: string;
  name: string;
  /** Lower-case names; `null` for an attribute without a value. */
  attributes: Map<string, string | null>;
}

function parseTag(source: string): Tag {
  const inner = /^<([a-zA-Z][\w-]*)([\s\S]*?)\/?>$/.exec(source);
  const attributes = new Map<string, string | null>();
  for (const m of (inner?.[2] ?? "").matchAll(
    /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
  )) {
    attributes.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? null);
  }
  return { source, name: inner?.[1]?.toLowerCase() ?? "", attributes };
}

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

function inertTag(tag: Tag) {
  const kept = [...tag.attributes]
    .filter(([name]) => name !== "type" && name !== "async")
    .map(([name, value]) => (value === null ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`));
  return `<script${kept.join("")} type="text/x-hydrate">`;
}

function bootScript(nonce: string, preloads: Tag[]) {
  const links = preloads.map((tag) => Object.fromEntries(tag.attributes));
  // Plain ES5 in a string: it runs before any bundle. `<` is escaped in the JSON, so nothing in it
  // can close the script element early.
  const code = `(function(){var started=false;function start(){if(started)return;started=true;
${JSON.stringify(links).replaceAll("<", "\\u003c")}.forEach(function(a){var l=document.createElement("link");for(var k in a)l.setAttribute(k,a[k]===null?"":a[k]);document.head.appendChild(l)});
var inert=document.querySelector('script[type="text/x-hydrate"]');if(!inert)return;
var s=document.createElement("script");s.type="module";s.nonce=inert.nonce;s.textContent=inert.textContent;document.body.appendChild(s)}
function afterImage(){var img=document.querySelector('img[fetchpriority="high"]');if(!img||img.complete)return start();img.addEventListener("load",start);img.addEventListener("error",start)}
requestAnimationFrame(function(){setTimeout(afterImage,0)});setTimeout(start,3000)})();`;
  return `<script nonce="${nonce}">${code}</script>`;
}
