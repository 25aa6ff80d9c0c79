// npm run bench:navigation — click to paint between public pages on a throttled phone (CPU 4× slower,
// 150 ms round trip, 1.6 Mb/s down): from /blog to an article, the time from the click until the
// article's title is on screen. Two ways of clicking: after resting on the link for 300 ms (the
// intent the speculation rules act on, docs/decisions/020) and straight away. With
// BASELINE=<another checkout with its own build> the same is measured there, in the same run, as
// the reference (e.g. the commit before the public pages stopped hydrating).
import path from "node:path";
import { chromium } from "playwright";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/site.js";
import { ROOT, startServer } from "./server.js";

const RUNS = Number(process.env.RUNS ?? 6);
const UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function throttled(browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: UA,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return { context, page };
}

/** Click-to-title times (ms) for the first RUNS articles of /blog. */
async function measure(browser, url, hover) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page } = await throttled(browser);
    await page.goto(`${url}/blog`, { waitUntil: "load" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForTimeout(500);
    const link = page.locator("main article h2 a").nth(i % 6);
    const title = (await link.innerText()).trim();
    if (hover) {
      await link.hover();
      await page.waitForTimeout(300);
    }
    const start = Date.now();
    await link.click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor({ state: "visible" });
    times.push(Date.now() - start);
    await context.close();
  }
  return times.sort((a, b) => a - b);
}

const median = (xs) => xs[Math.floor(xs.length / 2)];
const servers = [{ name: "esta versión", root: ROOT, port: 3311 }];
if (process.env.BASELINE) {
  servers.push({
    name: `referencia (${path.basename(process.env.BASELINE)})`,
    root: path.resolve(process.env.BASELINE),
    port: 3312,
  });
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const rows = [];
try {
  for (const { name, root, port } of servers) {
    const server = await startServer({ port, root, env: { LOG_LEVEL: "silent" } });
    try {
      for (const hover of [true, false]) {
        const times = await measure(browser, server.url, hover);
        rows.push({ name, hover, times });
      }
    } finally {
      await server.stop();
    }
  }
} finally {
  await browser.close();
}
console.log(`\n| Servidor | Clic | Mediana | Mín–máx | Ejecuciones |`);
console.log("|---|---|---|---|---|");
for (const { name, hover, times } of rows) {
  const how = hover ? "tras 300 ms sobre el enlace" : "directo";
  console.log(
    `| ${name} | ${how} | ${median(times)} ms | ${times[0]}–${times.at(-1)} ms | ${times.length} |`,
  );
}
