import { parentPort, workerData } from "node:worker_threads";
import { BusyFeedError, busyIntervals, MALFORMED_MESSAGE, type BusyInterval } from "./busy-ics.ts";

/**
 * A worker thread that reads one busy-times calendar and answers once (busy-feed.server.ts
 * starts it): however slow the file is to read, it costs this thread's time, not the server's
 * event loop, and the server ends the thread when its time is up. The build has it as its own
 * file, build/server/busy-ics-worker.js (vite.config.ts); tests and `npm run dev` run this file as
 * it is (Node strips the types), hence the `.ts` in the import.
 */

export type WorkerAnswer = { ok: true; intervals: BusyInterval[] } | { ok: false; error: string };

const { text, from, to } = workerData as { text: string; from: number; to: number };
let answer: WorkerAnswer;
try {
  answer = { ok: true, intervals: busyIntervals(text, from, to) };
} catch (error) {
  answer = { ok: false, error: error instanceof BusyFeedError ? error.message : MALFORMED_MESSAGE };
}
parentPort!.postMessage(answer);
