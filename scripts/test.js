// `npm test`: every check, in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
import { findChromium } from "./find-chromium.js";

const chromium = findChromium();
if (!chromium) {
  console.error(
    "Falta Chromium para las pruebas de navegador: instala el paquete 'chromium' (sudo apt-get install chromium) o define CHROMIUM_PATH con la ruta de un Chromium.",
  );
  process.exit(1);
}

const steps = [
  ["Lint y formato", "npm", ["run", "lint"]],
  ["Tipos", "npm", ["run", "typecheck"]],
  ["Pruebas unitarias y de integración", "npx", ["vitest", "run"]],
  ["Compilación de producción", "npx", ["react-router", "build"]],
  ["JavaScript por página dentro del presupuesto", "node", ["bench/size.js"]],
  ["Servidor compilado (HTTP real)", "npx", ["vitest", "run", "-c", "vitest.server.config.ts"]],
  ["Pruebas E2E (Playwright + axe)", "npx", ["playwright", "test"]],
];

const env = { ...process.env, CHROMIUM_PATH: chromium };
const started = Date.now();
let passed = 0;
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const stepStarted = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env });
  console.log(`⏱ ${name}: ${Math.round((Date.now() - stepStarted) / 1000)} s`);
  if (result.status !== 0) {
    console.error(`\n✖ Falló: ${name}`);
    console.log(`pasos: ${passed} passed, 1 failed`);
    process.exit(result.status ?? 1);
  }
  passed += 1;
}
console.log(`\n✔ Todo correcto en ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`pasos: ${passed} passed, 0 failed`);
