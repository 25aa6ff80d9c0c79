// `consulta <orden>` on a server installed with ops/instalar (docs/operations.md, «Instalación
// guiada»): instalar, doctor, copia, simulacro, actualizar. Each order lives in its own module.
import { parseArgs } from "node:util";
import { layout } from "./paths.js";
import { OpsError } from "./run.js";

const ORDERS = {
  instalar: () => import("./install.js"),
  doctor: () => import("./doctor.js"),
  copia: () => import("./backups.js"),
  simulacro: () => import("./drill.js"),
  actualizar: () => import("./update.js"),
};

const USAGE = `Uso: consulta <orden> [opciones]
  instalar     instala o repara la web en este servidor (pregunta lo que falta)
  doctor       comprueba el servidor y explica qué hacer (código 1 si algo necesita atención)
  copia        hace una copia de seguridad cifrada ahora
  simulacro    restaura la última copia en una base de prueba y la comprueba
  actualizar   instala otra versión; vuelve a la anterior si la nueva no arranca`;

const [order, ...rest] = process.argv.slice(2);
const load = ORDERS[/** @type {keyof typeof ORDERS} */ (order)];
if (!load) {
  console.error(USAGE);
  process.exit(order ? 2 : 0);
}
try {
  const { options, main } = await load();
  if (rest.includes("--help") || rest.includes("-h")) {
    const names = Object.entries(options).map(
      ([name, o]) => `--${name}${o.type === "string" ? " <valor>" : ""}`,
    );
    console.log(
      `Uso: consulta ${order} [opciones]\nOpciones: ${names.join(", ")}\nMás detalles: docs/operations.md`,
    );
    process.exit(0);
  }
  const { values } = parseArgs({ args: rest, options, allowPositionals: false });
  const root = typeof values.raiz === "string" ? values.raiz : "/";
  process.exitCode = await main(values, layout(root));
} catch (error) {
  if (error instanceof OpsError) {
    console.error(`Error: ${error.message}`);
    process.exitCode = 1;
  } else if (error instanceof TypeError && error.code?.startsWith("ERR_PARSE_ARGS")) {
    console.error(
      `Error: opción no válida (${error.message}). Las opciones: consulta ${order} --help`,
    );
    process.exitCode = 1;
  } else throw error;
}
