/**
 * The first-run setup link as a person reading the terminal finds it: the last thing `npm start`
 * prints, in a frame of its own, in Spanish (not a JSON log line among the build output). The link
 * is on a line of its own and never wrapped, so a terminal can still open it with a click.
 */
export function setupBanner(link: string, days: number) {
  const lines = [
    "Primera puesta en marcha: todavía no hay ninguna cuenta.",
    "Abre este enlace en el navegador para crear la cuenta de administrador:",
    "",
    link,
    "",
    `Sirve una sola vez y caduca en ${days} días. Cada arranque sin cuentas muestra uno nuevo.`,
  ];
  const width = Math.max(...lines.map((line) => [...line].length));
  const pad = (line: string) => line + " ".repeat(width - [...line].length);
  return [
    `┌${"─".repeat(width + 2)}┐`,
    ...lines.map((line) => `│ ${pad(line)} │`),
    `└${"─".repeat(width + 2)}┘`,
  ].join("\n");
}
