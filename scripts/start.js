// `npm start`: builds the app when needed, then serves it.
import { ensureBuild } from "./ensure-build.js";

const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  console.warn(
    `Aviso: Node.js ${process.versions.node} ya no recibe actualizaciones de seguridad. Usa Node.js 22 o 24 (LTS).`,
  );
}

ensureBuild();
await import("../server/main.js");
