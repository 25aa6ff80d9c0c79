// Finds a Chromium for the browser tests: CHROMIUM_PATH, /usr/bin/chromium, or Debian's package
// installed on the spot when running as root on Debian (with `chromium-headless-shell`, the E2E
// tests' lighter browser: tests/support/site.js). Otherwise one line says what to do.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

function installDebianPackages(packages) {
  if (!packages.length || process.getuid?.() !== 0 || !fs.existsSync("/etc/debian_version")) return;
  console.log(
    `Instalando los paquetes de Debian para las pruebas de navegador: ${packages.join(", ")}…`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  spawnSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env });
}

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const find = () => candidates.find((p) => p && fs.existsSync(p)) ?? null;
  const missing = [
    ...(find() ? [] : ["chromium"]),
    ...(process.env.CHROMIUM_HEADLESS_SHELL || fs.existsSync(HEADLESS_SHELL)
      ? []
      : ["chromium-headless-shell"]),
  ];
  installDebianPackages(missing);
  return find();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = findChromium();
  if (!path) {
    console.error(
      "Falta Chromium para las pruebas de navegador: instala el paquete 'chromium' (sudo apt-get install chromium) o define CHROMIUM_PATH con la ruta de un Chromium.",
    );
    process.exit(1);
  }
  console.log(execFileSync(path, ["--version"]).toString().trim());
}
