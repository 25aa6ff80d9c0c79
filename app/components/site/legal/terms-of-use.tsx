import type { Settings } from "~/modules/settings/schemas";

/** Condiciones de uso (/uso-web): seven numbered clauses. */
export function TermsOfUse({ settings }: { settings: Settings }) {
  return (
    <>
      <p className="text-muted">Última actualización: abril de 2025</p>

      <section aria-labelledby="uso-objeto">
        <h2 id="uso-objeto">1. Objeto</h2>
        <p>
          Estas condiciones regulan el acceso y el uso del sitio web {settings.siteName}, cuya
          titular es {settings.professionalName}, {settings.professionalTitle}
          {settings.nif ? `, con NIF ${settings.nif}` : ""}. Sus datos completos figuran en el{" "}
          <a href="/aviso-legal">aviso legal</a>.
        </p>
        <p>
          El sitio ofrece información sobre los servicios de psicología de la titular, contenidos
          divulgativos, un formulario de contacto y la posibilidad de publicar reseñas. Acceder al
          sitio y utilizarlo supone aceptar estas condiciones; si no estás de acuerdo con ellas, te
          rogamos que no lo utilices.
        </p>
      </section>

      <section aria-labelledby="uso-condiciones">
        <h2 id="uso-condiciones">2. Condiciones y límites de uso</h2>
        <p>
          Te comprometes a utilizar el sitio de forma lícita, de buena fe y conforme a estas
          condiciones. En particular, no está permitido enviar a través de los formularios
          información falsa, datos de terceras personas sin su autorización, contenidos ofensivos,
          discriminatorios o ilícitos, ni publicidad o mensajes masivos no solicitados.
        </p>
        <p>
          Tampoco está permitido intentar acceder a las zonas restringidas del sitio sin
          autorización, interferir en su funcionamiento o utilizar medios automatizados para enviar
          formularios o extraer contenidos. La titular podrá moderar y no publicar las reseñas o
          mensajes que incumplan estas condiciones.
        </p>
      </section>

      <section aria-labelledby="uso-propiedad">
        <h2 id="uso-propiedad">3. Propiedad intelectual e industrial</h2>
        <p>
          Los contenidos del sitio (textos, imágenes, diseño, logotipos y código) pertenecen a{" "}
          {settings.professionalName} o a terceros que han autorizado su uso, y están protegidos por
          la normativa de propiedad intelectual e industrial. Puedes consultarlos y citar fragmentos
          breves para uso personal y no comercial indicando la fuente, pero no reproducirlos,
          distribuirlos ni transformarlos de otro modo sin autorización previa y por escrito.
        </p>
        <p>
          Al enviar una reseña autorizas su publicación en este sitio, sin contraprestación,
          mientras no retires tu consentimiento.
        </p>
      </section>

      <section aria-labelledby="uso-privacidad">
        <h2 id="uso-privacidad">4. Privacidad y protección de datos</h2>
        <p>
          Los datos personales que facilites a través del sitio se tratan conforme a la{" "}
          <a href="/privacidad">política de privacidad</a>, y el uso de cookies y almacenamiento
          local se explica en la <a href="/cookies">política de cookies</a>.
        </p>
        <p>
          Te pedimos que no incluyas detalles clínicos ni información sensible en los formularios:
          esa información se tratará, en su caso, en el marco de la relación profesional y con la
          confidencialidad que exige el secreto profesional.
        </p>
      </section>

      <section aria-labelledby="uso-responsabilidad">
        <h2 id="uso-responsabilidad">5. Responsabilidad</h2>
        <p>
          Los contenidos del sitio tienen carácter exclusivamente informativo y divulgativo. En
          ningún caso sustituyen una evaluación, un diagnóstico ni un tratamiento por parte de un
          profesional sanitario, ni crean por sí mismos una relación terapéutica.
        </p>
        <p>
          Este sitio y su formulario de contacto no atienden urgencias y los mensajes no se leen de
          forma inmediata. Si estás en una situación de crisis o corre peligro tu vida o la de otra
          persona, llama al <a href="tel:024">024</a> (línea de atención a la conducta suicida) o al{" "}
          <a href="tel:112">112</a> (emergencias).
        </p>
        <p>
          La titular no se hace responsable de los daños derivados de un uso indebido del sitio, de
          interrupciones técnicas ajenas a su control ni de los contenidos de sitios de terceros
          enlazados desde él.
        </p>
      </section>

      <section aria-labelledby="uso-modificaciones">
        <h2 id="uso-modificaciones">6. Modificaciones</h2>
        <p>
          La titular puede modificar estas condiciones, así como los contenidos y la configuración
          del sitio, para adaptarlos a cambios normativos o de la actividad. Las condiciones
          aplicables son las publicadas en el momento en que accedes al sitio; la fecha de la última
          actualización figura al principio de esta página.
        </p>
      </section>

      <section aria-labelledby="uso-independencia">
        <h2 id="uso-independencia">7. Independencia de las cláusulas</h2>
        <p>
          Si alguna de estas cláusulas fuera declarada nula o inaplicable, total o parcialmente, esa
          nulidad afectará solo a la disposición o a la parte de ella que resulte afectada. Las
          demás cláusulas conservarán íntegramente su validez y eficacia.
        </p>
        <p>
          Estas condiciones se rigen por la legislación española, en los términos indicados en el{" "}
          <a href="/aviso-legal">aviso legal</a>.
        </p>
      </section>
    </>
  );
}
