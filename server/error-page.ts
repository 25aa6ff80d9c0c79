/** Static Spanish pages for failures that happen outside React Router (no stack traces, ever). */
export function errorPageHtml(status: number, title: string, message: string) {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${status} · ${title}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fbf8f3;color:#1f2a2e;display:grid;min-height:100vh;place-items:center;padding:1.5rem}
main{max-width:32rem;text-align:center}
p.code{font-size:4rem;margin:0;color:#2f6f68;font-family:Georgia,serif}
a{color:#2f6f68;font-weight:600}
</style>
</head>
<body>
<main>
<p class="code">${status}</p>
<h1>${title}</h1>
<p>${message}</p>
<p><a href="/">Volver al inicio</a></p>
</main>
</body>
</html>`;
}
