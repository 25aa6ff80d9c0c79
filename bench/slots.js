// npm run bench:slots — free appointment slots on the embedded database (PGlite): a practice with
// 300 appointments ahead and 500 busy times from a calendar feed.
// 1. Server time of the real code, in this process: a month of free slots (slotsFor) and all
//    /cita needs for a month (bookingView), p50/p95 of RUNS (default 200) calls.
// 2. Over HTTP against the built server on that same database: the month page of /cita and, in
//    the same run, a static file from the same server as the reference.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, startServer } from "./server.js";

const RUNS = Number(process.env.RUNS ?? 200);
const APPOINTMENTS = 300;
const BUSY = 500;
const DAY = 24 * 60 * 60_000;

process.env.NODE_ENV = "production";
process.env.LOG_LEVEL = "silent";
process.chdir(ROOT);
const api = await (
  await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href)
).benchApi();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "psico-bench-slots-"));
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
const row = (name, times) =>
  `| ${name} | ${percentile(times, 0.5).toFixed(2)} ms | ${percentile(times, 0.95).toFixed(2)} ms |`;

// ---- the practice: 300 appointments on free slots, 500 busy times, booking on ---------------
let handle = await api.openDatabase({ dataDir });
await api.migrateDatabase(handle);
await api.seedBookingServices(handle.db);
const config = { ...api.DEFAULT_BOOKING_CONFIG, noticeHours: 0, bufferMinutes: 0 };
await handle.db.insert(api.bookingConfig).values({ id: 1, data: config });
await api.updateSettings(handle.db, { ...api.DEFAULT_SETTINGS, bookingEnabled: true });
const [service] = await api.listServices(handle.db);
const now = new Date();
const free = await api.slotsFor(handle.db, service, { now });
const step = Math.max(1, Math.floor(free.length / APPOINTMENTS));
const taken = free.filter((_, i) => i % step === 0).slice(0, APPOINTMENTS);
await handle.db.insert(api.appointments).values(
  taken.map((s, i) => ({
    id: crypto.randomUUID(),
    serviceId: service.id,
    serviceName: service.name,
    modality: service.modality,
    startsAt: new Date(s.start),
    endsAt: new Date(s.end),
    status: "confirmed",
    clientName: `Cliente ${i}`,
    clientEmail: `cliente${i}@example.com`,
  })),
);
await handle.db.insert(api.busyTimes).values(
  Array.from({ length: BUSY }, (_, i) => {
    const start = now.getTime() + ((i * 61) % 60) * DAY + (8 + (i % 12)) * 3_600_000;
    return { startsAt: new Date(start), endsAt: new Date(start + (30 + (i % 4) * 15) * 60_000) };
  }),
);
const month = new Date(now.getTime() + 20 * DAY).toISOString().slice(0, 7);
console.log(
  `\n${taken.length} citas y ${BUSY} horas ocupadas; servicio «${service.name}» (${service.durationMinutes} min); mes ${month}; ${RUNS} repeticiones.`,
);

// ---- 1. server time, in process ----------------------------------------------------------------
const timeIt = async (fn) => {
  for (let i = 0; i < 10; i++) await fn();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return times;
};
const [y, m] = month.split("-").map(Number);
const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
const inProcess = [
  [
    "slotsFor: un mes de horas libres",
    await timeIt(() => api.slotsFor(handle.db, service, { from: `${month}-01`, to: last })),
  ],
  [
    "bookingView: todo lo que /cita necesita para el mes",
    await timeIt(() => api.bookingView(handle.db, { service: String(service.id), month })),
  ],
];
await handle.close();

// ---- 2. over HTTP, with a static file of the same server as the reference ---------------------
const server = await startServer({ port: 3303, env: { DATA_DIR: dataDir } });
const get = async (url) => {
  const t = process.hrtime.bigint();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const overHttp = [];
try {
  const page = `${server.url}/cita?servicio=${service.id}&mes=${month}`;
  const reference = `${server.url}/favicon.svg`;
  for (let i = 0; i < 10; i++) {
    await get(page);
    await get(reference);
  }
  const pageTimes = [];
  const referenceTimes = [];
  for (let i = 0; i < RUNS; i++) {
    pageTimes.push(await get(page));
    referenceTimes.push(await get(reference));
  }
  overHttp.push(["GET /cita (mes, HTML completo)", pageTimes]);
  overHttp.push(["GET /favicon.svg (referencia: archivo estático)", referenceTimes]);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log("\n| Medida | p50 | p95 |\n|---|---|---|");
for (const [name, times] of [...inProcess, ...overHttp]) console.log(row(name, times));
const p95 = percentile(inProcess[0][1], 0.95);
console.log(
  `\nObjetivo: p95 de slotsFor ≤ 30 ms → ${p95 <= 30 ? "✔" : "✖"} (${p95.toFixed(2)} ms)`,
);
