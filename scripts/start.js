// `npm start`: builds the app when needed, then serves it.
import { ensureBuild } from "./ensure-build.js";

ensureBuild();
await import("../server/main.js");
