// `npm start`: builds the app when needed, then serves it.
import { ensureBuild } from "./ensure-build.js";

// React Router 8 needs Node.js 22.22 or later; Node.js 20 no longer gets security fixes.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.warn(
    `Aviso: Node.js ${process.versions.node} no está soportado. Usa Node.js 22.22 o posterior, o 24 (LTS).`,
  );
}

ensureBuild();
await import("../server/main.js");
