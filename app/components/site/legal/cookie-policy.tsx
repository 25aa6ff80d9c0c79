import type { Settings } from "~/modules/settings/schemas";
import { mailtoHref } from "~/utils/mailto";

type StoredItem = {
  name: string;
  kind: "Cookie" | "Almacenamiento local";
  purpose: string;
  duration: string;
  owner: string;
};

const TECHNICAL_ITEMS: StoredItem[] = [
  {
    name: "consulta.session_token",
    kind: "Cookie",
    purpose:
      "Técnica. Solo para el personal que inicia sesión en el área privada: mantiene la sesión abierta. No es accesible desde JavaScript (httpOnly). En el sitio publicado con HTTPS se llama __Secure-consulta.session_token.",
    duration: "7 días",
    owner: "Propia",
  },
  {
    name: "toast",
    kind: "Cookie",
    purpose:
      "Técnica. Transmite un mensaje de confirmación de un solo uso tras enviar un formulario (por ejemplo, «Mensaje enviado»).",
    duration: "60 segundos",
    owner: "Propia",
  },
  {
    name: "cookie_consent",
    kind: "Almacenamiento local",
    purpose: "Técnica. Recuerda la elección que has hecho sobre las cookies.",
    duration: "24 meses; después se vuelve a preguntar",
    owner: "Propia",
  },
  {
    name: "new_reviews_notification",
    kind: "Almacenamiento local",
    purpose: "Técnica. Solo para el personal: recuerda un aviso de reseñas nuevas pendientes.",
    duration: "Hasta que se borra",
    owner: "Propia",
  },
];

function analyticsItems(measurementId: string): StoredItem[] {
  const owner = "Terceros (Google Ireland Ltd.)";
  return [
    {
      name: "_ga",
      kind: "Cookie",
      purpose:
        "Analítica. Distingue a los visitantes de forma seudónima para elaborar estadísticas.",
      duration: "2 años",
      owner,
    },
    {
      name: `_ga_${measurementId.replace(/^G-/, "")}`,
      kind: "Cookie",
      purpose: "Analítica. Mantiene el estado de la sesión de visita para Google Analytics 4.",
      duration: "2 años",
      owner,
    },
  ];
}

/** Política de cookies (/cookies): what the site really stores in the browser. */
export function CookiePolicy({ settings }: { settings: Settings }) {
  const analytics = Boolean(settings.analyticsEnabled && settings.analyticsMeasurementId);
  const items = analytics
    ? [...TECHNICAL_ITEMS, ...analyticsItems(settings.analyticsMeasurementId)]
    : TECHNICAL_ITEMS;

  return (
    <>
      <p className="text-muted">Última actualización: abril de 2025</p>

      <section aria-labelledby="cookies-que-son">
        <h2 id="cookies-que-son">Qué son las cookies</h2>
        <p>
          Las cookies son pequeños archivos que un sitio web guarda en tu navegador. El
          almacenamiento local (localStorage) es un mecanismo parecido que guarda datos en tu
          navegador sin enviarlos al servidor. Ambos permiten, por ejemplo, mantener una sesión
          abierta o recordar una preferencia. Esta política explica cuáles utiliza el sitio de{" "}
          {settings.professionalName} y para qué, conforme al artículo 22.2 de la Ley 34/2002, de
          servicios de la sociedad de la información y de comercio electrónico (LSSI-CE).
        </p>
      </section>

      <section aria-labelledby="cookies-tipos">
        <h2 id="cookies-tipos">Cookies técnicas y cookies que requieren consentimiento</h2>
        <p>
          Las cookies técnicas, que son estrictamente necesarias para prestar un servicio que has
          solicitado (como mantener la sesión o recordar tu elección sobre cookies), están exentas
          de consentimiento según el artículo 22.2 de la LSSI-CE.
        </p>
        <p>
          Las cookies analíticas o publicitarias, en cambio, solo pueden instalarse si antes das tu
          consentimiento, tal como exige la LSSI-CE y detalla la Guía sobre el uso de las cookies de
          la Agencia Española de Protección de Datos (actualizada en 2023). Rechazarlas debe ser tan
          sencillo como aceptarlas y no impide usar el sitio.
        </p>
      </section>

      <section aria-labelledby="cookies-lista">
        <h2 id="cookies-lista">Qué guarda este sitio en tu navegador</h2>
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left text-muted">
              Cookies y elementos de almacenamiento local utilizados en este sitio
            </caption>
            <thead>
              <tr className="border-b border-border-strong">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Nombre
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Tipo
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Finalidad
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Duración
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Quién la instala
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.name} className="border-b border-border align-top">
                  <td className="py-2 pr-4">
                    <code className="break-all">{item.name}</code>
                  </td>
                  <td className="py-2 pr-4">{item.kind}</td>
                  <td className="py-2 pr-4">{item.purpose}</td>
                  <td className="py-2 pr-4">{item.duration}</td>
                  <td className="py-2">{item.owner}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {analytics ? (
          <p>
            Las cookies de Google Analytics solo se instalan después de que aceptes las cookies
            analíticas en el aviso de cookies. Google puede tratar los datos en los Estados Unidos,
            al amparo del Marco de Privacidad de Datos UE-EE. UU. (EU–US Data Privacy Framework).
            Más información en la <a href="/privacidad">política de privacidad</a>.
          </p>
        ) : (
          <p>Actualmente no se utilizan cookies analíticas ni publicitarias de terceros.</p>
        )}
        <p>
          El contador de visitas propio del sitio es anónimo: no utiliza cookies ni guarda nada en
          tu navegador, y no registra direcciones IP.
        </p>
      </section>

      <section id="configurar" aria-labelledby="cookies-configurar">
        <h2 id="cookies-configurar">Cómo cambiar tu elección</h2>
        <p>
          Puedes cambiar o retirar tu consentimiento en cualquier momento mediante el enlace
          permanente «Configurar cookies» que aparece en el pie de todas las páginas. Si retiras el
          consentimiento, se dejan de usar las cookies correspondientes desde ese momento.
        </p>
      </section>

      <section aria-labelledby="cookies-borrar">
        <h2 id="cookies-borrar">Cómo eliminar las cookies en tu navegador</h2>
        <p>
          También puedes borrar las cookies y el almacenamiento local desde tu navegador. Ten en
          cuenta que, si eliminas las cookies técnicas, tendrás que volver a iniciar sesión o a
          indicar tu elección sobre cookies. Los menús pueden variar según la versión:
        </p>
        <ul>
          <li>
            Google Chrome: Configuración › Privacidad y seguridad › Eliminar datos de navegación,
            marcando «Cookies y otros datos de sitios».
          </li>
          <li>
            Mozilla Firefox: Ajustes › Privacidad &amp; Seguridad › Cookies y datos del sitio ›
            Limpiar datos (o «Administrar datos» para borrar solo los de un sitio).
          </li>
          <li>
            Safari: en Mac, Safari › Ajustes › Privacidad › Gestionar datos de sitios web; en iPhone
            y iPad, Ajustes › Safari › Borrar historial y datos de sitios web.
          </li>
          <li>
            Microsoft Edge: Configuración › Privacidad, búsqueda y servicios › Borrar datos de
            exploración › Elegir lo que se debe borrar, marcando «Cookies y otros datos del sitio».
          </li>
        </ul>
      </section>

      <section aria-labelledby="cookies-cambios">
        <h2 id="cookies-cambios">Cambios en esta política</h2>
        <p>
          Esta política se actualizará cuando cambien las cookies o elementos de almacenamiento que
          utiliza el sitio. Si tienes cualquier duda, puedes escribir a{" "}
          <a href={mailtoHref(settings.contactEmail)}>{settings.contactEmail}</a>.
        </p>
      </section>
    </>
  );
}
