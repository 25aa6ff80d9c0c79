/**
 * A background job of the server: `run` after `firstMs`, then every `intervalMs`, never two at
 * once in this process (other instances coordinate through the database). `stop()` waits for a
 * run in progress to end.
 */
export function startPeriodicJob(
  run: () => Promise<void>,
  { firstMs, intervalMs }: { firstMs: number; intervalMs: number },
) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), firstMs);
  const timer = setInterval(() => void tick(), intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
