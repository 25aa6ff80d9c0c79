import type { Settings } from "~/modules/settings/schemas";
import { formatLongDate } from "~/utils/format";
import { mailtoHref } from "~/utils/mailto";

/** The id of the form for reporting a barrier, at the end of /accesibilidad. */
export const BARRIER_FORM_ID = "comunicar-barrera";

/**
 * Declaración de accesibilidad (/accesibilidad), written after the model of Real Decreto
 * 1112/2018 (art. 15): the same sections in the same order. `checkedOn` is the day the running
 * version was built ('2026-11-24'), after the test suite that runs axe on every route; null
 * outside a production build (docs/compliance.md#accessibility-statement).
 */
export function AccessibilityStatement({
  settings,
  publicUrl,
  checkedOn,
}: {
  settings: Settings;
  publicUrl: string;
  checkedOn: string | null;
}) {
  return (
    <>
      <p>
        {settings.professionalName} se ha comprometido a hacer accesible su sitio web. El{" "}
        <a href="https://www.boe.es/eli/es/rd/2018/09/07/1112">
          Real Decreto 1112/2018, de 7 de septiembre
        </a>
        , sobre accesibilidad de los sitios web y aplicaciones para dispositivos móviles del sector
        público, obliga a las administraciones y organismos públicos; esta consulta privada no está
        obligada por él, pero lo sigue de forma voluntaria y publica esta declaración según su
        modelo.
      </p>
      <p>
        La presente declaración de accesibilidad se aplica al sitio web {settings.siteName} (
        {publicUrl}).
      </p>

      <section aria-labelledby="accesibilidad-cumplimiento">
        <h2 id="accesibilidad-cumplimiento">Situación de cumplimiento</h2>
        <p>
          Este sitio web es conforme con las{" "}
          <a href="https://www.w3.org/TR/WCAG22/" lang="en">
            Web Content Accessibility Guidelines (WCAG) 2.2
          </a>{" "}
          nivel AA en lo que comprobamos; las excepciones conocidas se indican abajo. El nivel AA de
          las WCAG 2.2 incluye todos los criterios del nivel AA de las WCAG 2.1, a los que remite la
          norma UNE-EN 301549:2022 para las páginas web.
        </p>
      </section>

      <section aria-labelledby="accesibilidad-no-accesible">
        <h2 id="accesibilidad-no-accesible">Contenido no accesible</h2>
        <p>
          <strong>Falta de conformidad.</strong> No conocemos ningún incumplimiento de los criterios
          de las WCAG 2.2 nivel AA en las páginas de este sitio. Si encuentras alguno, te
          agradeceremos que nos lo comuniques.
        </p>
        <p>
          <strong>Carga desproporcionada.</strong> No se invoca: ningún contenido se ha dejado sin
          adaptar por su coste.
        </p>
        <p>
          <strong>
            Contenido que depende de personas o servicios ajenos al desarrollo del sitio.
          </strong>{" "}
          Las revisiones automáticas no bastan para asegurar lo siguiente:
        </p>
        <ul>
          <li>
            Las imágenes de los artículos del blog llevan el texto alternativo que escribe quien los
            publica: el editor lo pide con cada imagen, pero que describa bien la imagen depende de
            esa persona.
          </li>
          <li>
            Los sitios de terceros a los que se enlaza (redes sociales, el colegio profesional, las
            publicaciones, el centro colaborador) y la plataforma de videollamada de las sesiones en
            línea tienen su propia accesibilidad, que no depende de este sitio.
          </li>
        </ul>
        <p>El sitio no ofrece documentos PDF ni otros documentos descargables propios.</p>
      </section>

      <section aria-labelledby="accesibilidad-preparacion">
        <h2 id="accesibilidad-preparacion">Preparación de la presente declaración</h2>
        <p>La presente declaración fue preparada el 24 de noviembre de 2026.</p>
        <p>
          El método empleado para prepararla ha sido una autoevaluación llevada a cabo por la propia
          titular del sitio:
        </p>
        <ul>
          <li>
            una revisión automática con axe-core (criterios de las WCAG 2.0, 2.1 y 2.2, niveles A y
            AA) de todas las páginas públicas y de todas las páginas del área de gestión, con cada
            perfil de usuario, dentro de la batería de pruebas que debe superar cada versión del
            sitio antes de publicarse;
          </li>
          <li>
            pruebas en navegador de los recorridos principales (contacto, reseñas, citas, menú en el
            móvil, formularios sin JavaScript), con comprobaciones de foco y de uso con el teclado,
            que se ejecutan con la misma batería.
          </li>
        </ul>
        <p>
          Última revisión de la declaración:{" "}
          {checkedOn ? (
            <>
              <time dateTime={checkedOn}>{formatLongDate(checkedOn)}</time>, fecha en que se preparó
              la versión del sitio que estás viendo, tras superar esas pruebas.
            </>
          ) : (
            "esta copia del sitio es una versión de desarrollo, que no se ha preparado para publicarse."
          )}
        </p>
      </section>

      <section aria-labelledby="accesibilidad-contacto">
        <h2 id="accesibilidad-contacto">Observaciones y datos de contacto</h2>
        <p>
          Puedes comunicarnos cualquier barrera de accesibilidad que encuentres, pedir información
          de este sitio en un formato accesible o hacer sugerencias de mejora con el{" "}
          <a href={`#${BARRIER_FORM_ID}`}>formulario de esta página</a>, o escribiendo a{" "}
          <a href={mailtoHref(settings.contactEmail)}>{settings.contactEmail}</a>. Te responderemos
          lo antes posible y, como máximo, en veinte días hábiles, el plazo que el Real Decreto fija
          para el sector público.
        </p>
      </section>

      <section aria-labelledby="accesibilidad-aplicacion">
        <h2 id="accesibilidad-aplicacion">Procedimiento de aplicación</h2>
        <p>
          El procedimiento de reclamación que prevé el Real Decreto 1112/2018 ante la unidad
          responsable de accesibilidad de cada administración se aplica solo al sector público, no a
          esta consulta privada. Si nuestra respuesta no te satisface o no la recibes en ese plazo,
          puedes volver a escribirnos para que revisemos la decisión, y conservas las vías generales
          de reclamación que la ley reconoce a consumidores y a personas con discapacidad.
        </p>
        <p>
          Tus datos se tratan como los de cualquier mensaje de contacto, según la{" "}
          <a href="/privacidad">política de privacidad</a>.
        </p>
      </section>
    </>
  );
}
