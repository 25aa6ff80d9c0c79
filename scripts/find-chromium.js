// Finds a Chromium for the browser tests: CHROMIUM_PATH, /usr/bin/chromium, or Debian's package
// installed on the spot when running as root on Debian. Otherwise one line says what to do.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const isDebian = fs.existsSync("/etc/debian_version");
  if (isRoot && isDebian) {
    console.log(
      "No se encontró Chromium: instalando el paquete de Debian (apt-get install chromium)…",
    );
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const res = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env,
    });
    if (res.status === 0 && fs.existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  return null;
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
