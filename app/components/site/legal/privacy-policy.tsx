import { CONSENT_RETENTION_YEARS } from "~/modules/consent/retention";
import { days, months, RETENTION } from "~/modules/retention/periods";
import type { Processor } from "~/modules/compliance/processors";
import type { Settings } from "~/modules/settings/schemas";
import { Row } from "./row";
import { mailtoHref } from "~/utils/mailto";

/** Política de privacidad (/privacidad): arts. 13 and 14 RGPD and the LOPDGDD. */
export function PrivacyPolicy({
  settings,
  appointmentRetentionDays,
  processors = [],
}: {
  settings: Settings;
  /** How long appointments are kept after they happen (Citas); read by /privacidad's loader. */
  appointmentRetentionDays?: number;
  /** The external services configured now (app/modules/compliance/processors.server.ts). */
  processors?: Processor[];
}) {
  const analytics = Boolean(settings.analyticsEnabled && settings.analyticsMeasurementId);
  const mailto = mailtoHref(settings.contactEmail);

  return (
    <>
      <p className="text-muted">Última actualización: abril de 2025</p>
      <p>
        Esta política explica cómo se tratan los datos personales de quienes visitan este sitio web
        o se ponen en contacto a través de él, conforme al Reglamento (UE) 2016/679 del Parlamento
        Europeo y del Consejo, de 27 de abril de 2016, General de Protección de Datos (RGPD), y a la
        Ley Orgánica 3/2018, de 5 de diciembre, de Protección de Datos Personales y garantía de los
        derechos digitales (LOPDGDD).
      </p>

      <section aria-labelledby="priv-responsable">
        <h2 id="priv-responsable">Responsable del tratamiento</h2>
        <dl className="space-y-2">
          <div>
            <dt className="font-semibold">Responsable</dt>
            <dd>
              {settings.professionalName}, {settings.professionalTitle}
            </dd>
          </div>
          <Row term="NIF" value={settings.nif} />
          <Row term="Dirección postal" value={settings.postalAddress} />
          <div>
            <dt className="font-semibold">Correo electrónico</dt>
            <dd>
              <a href={mailto}>{settings.contactEmail}</a>
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="priv-tratamientos">
        <h2 id="priv-tratamientos">Qué datos tratamos, para qué y con qué base jurídica</h2>

        <h3 className="mt-6 text-lg font-semibold">Mensajes del formulario de contacto</h3>
        <p>
          Cuando escribes a través del formulario de contacto tratamos los datos que nos facilitas
          (nombre, correo electrónico y el texto del mensaje) con la finalidad de responder a tu
          consulta y, si lo solicitas, concertar una cita.
        </p>
        <p>
          La base jurídica es tu consentimiento (art. 6.1.a RGPD), que prestas al enviar el
          formulario, y la aplicación de medidas precontractuales a petición tuya (art. 6.1.b RGPD)
          cuando pides información sobre los servicios o una cita. Los campos marcados como
          obligatorios son necesarios para poder responderte.
        </p>
        <p>
          Los datos relativos a la salud son una categoría especial de datos (art. 9 RGPD). Por eso
          el formulario te pide que <strong>no incluyas detalles clínicos</strong>: basta con una
          descripción breve del motivo de contacto. Si aun así decides enviar información de salud,
          se tratará únicamente sobre la base de tu consentimiento explícito (art. 9.2.a RGPD), con
          la finalidad indicada y bajo el deber de secreto profesional que obliga a la titular.
        </p>
        <p>
          {settings.notificationIncludesMessage
            ? "Cuando llega un mensaje, la consulta recibe un aviso por correo electrónico que incluye su contenido, para poder atenderlo con rapidez."
            : "Cuando llega un mensaje, la consulta recibe un aviso por correo electrónico que no incluye su contenido; el mensaje solo puede leerse en el área privada del sitio."}
        </p>
        <p>
          Los mensajes se conservan durante {months(settings.messageRetentionMonths)} desde su
          recepción y, pasado ese plazo, se eliminan automáticamente. El aviso por correo de cada
          mensaje se borra de la cola de envío a los {days(RETENTION.sentMailDays)} de enviarse (a
          los {days(RETENTION.failedMailDays)} si no pudo entregarse). Si a raíz del contacto se
          inicia una relación terapéutica, la información clínica se documenta aparte, en la
          historia clínica, que se rige por la Ley 41/2002, de 14 de noviembre, básica reguladora de
          la autonomía del paciente, y sobre la que se te informará en la primera sesión.
        </p>

        {settings.bookingEnabled ? (
          <>
            <h3 className="mt-6 text-lg font-semibold">Citas pedidas en la web</h3>
            <p>
              Cuando pides una cita en la web tratamos tu nombre, correo electrónico, el teléfono si
              lo das, si es tu primera visita y la nota opcional, con la finalidad de gestionar la
              cita: confirmarla, recordártela y avisarte de cualquier cambio. La base jurídica es tu
              consentimiento (art. 6.1.a RGPD) y la prestación del servicio que pides (art. 6.1.b
              RGPD). Que pidas una cita revela una relación asistencial, por lo que se trata como
              dato de categoría especial (art. 9.2.a y 9.2.h RGPD): solo lo ve el equipo de la
              consulta y la nota te pide no incluir datos de salud.
            </p>
            <p>
              Las citas se conservan durante {days(appointmentRetentionDays ?? 365)} después de la
              fecha de la cita y después se eliminan automáticamente; una reserva que no confirmas
              se elimina al día siguiente. Los enlaces de los correos para confirmar, cancelar o
              cambiar la cita son únicos y no contienen tus datos.
            </p>
            <h3 className="mt-6 text-lg font-semibold">Lista de espera</h3>
            <p>
              Si te apuntas a la lista de espera tratamos tu nombre, correo electrónico, el
              servicio, si ya has venido a consulta y los días y horas que te vienen bien, con la
              finalidad de ofrecerte por email una hora que se libere. La base jurídica es tu
              consentimiento (art. 6.1.a RGPD), que confirmas desde el enlace del primer correo;
              como revela una relación asistencial, se trata como dato de categoría especial (art.
              9.2.a RGPD). Puedes salir de la lista desde cualquiera de sus correos. Tu inscripción
              se elimina 30 días después de conseguir cita o de darte de baja, y a los 7 días si no
              la confirmas.
            </p>
          </>
        ) : null}

        <h3 className="mt-6 text-lg font-semibold">
          Consentimiento informado y cuestionario inicial
        </h3>
        <p>
          Antes de la primera sesión te enviamos por correo un enlace personal para leer y firmar el
          consentimiento informado y, si la consulta lo usa, responder un breve cuestionario. Al
          firmar tratamos tu nombre y apellidos, tu DNI o NIE, tus respuestas, la firma dibujada si
          la añades, la fecha y hora, la dirección IP y el navegador desde el que firmas, y el PDF
          firmado que se compone con todo ello. Si la persona atendida es menor de 16 años, firman
          sus progenitores o tutores, cada uno con su propio enlace, y tratamos sus mismos datos de
          firma. Finalidad: dejar constancia del consentimiento y preparar la atención. Base
          jurídica: la asistencia sanitaria y la obligación legal de documentarla (arts. 6.1.c y
          9.2.h RGPD; Ley 41/2002, arts. 8 y 9).
        </p>
        <p>
          Las respuestas, las firmas y los PDF se guardan cifrados con una clave que no está en la
          base de datos, y solo la psicóloga puede abrirlos; cada apertura queda registrada. Los
          correos no contienen tus respuestas: solo el enlace a tu copia. Forman parte de la
          documentación clínica, por lo que se conservan {CONSENT_RETENTION_YEARS} años desde tu
          última visita (Ley 41/2002, art. 17) y después se eliminan automáticamente; por eso una
          solicitud de supresión no puede borrarlos antes. Un consentimiento que nadie llegó a
          firmar sí se borra cuando lo pides. Puedes retirar tu consentimiento en cualquier momento
          desde el enlace de tu copia: queda registrado y se avisa a la consulta.
        </p>

        <h3 className="mt-6 text-lg font-semibold">Reseñas</h3>
        <p>
          Si dejas una reseña tratamos el nombre tal como lo escribas (puedes usar solo tu nombre de
          pila o tus iniciales), el servicio al que se refiere si lo indicas, el texto y la
          valoración, con la finalidad de publicar la reseña en este sitio web. Si la consulta te
          invita por email a dejar una reseña, tratamos también tu email para enviarte la invitación
          y el enlace para retirarla; nunca se muestra, y la invitación se borra{" "}
          {days(RETENTION.reviewInvitationDays)} después de caducar.
        </p>
        <p>
          La base jurídica es tu consentimiento (art. 6.1.a RGPD). Puedes retirarlo en cualquier
          momento con el enlace que recibes al enviar la reseña, o escribiendo a{" "}
          <a href={mailto}>{settings.contactEmail}</a>, y la reseña se borrará. Las reseñas se
          revisan antes de publicarse. Te rogamos que no incluyas datos de salud ni información que
          permita identificarte a ti o a terceras personas más allá de lo que desees hacer público.
        </p>
        <p>
          Las reseñas se conservan mientras estén publicadas o hasta que retires tu consentimiento.
          Las que no se publiquen tras la moderación se eliminan.
        </p>

        <h3 className="mt-6 text-lg font-semibold">Cuentas del equipo en el área privada</h3>
        <p>
          El área privada del sitio solo la utilizan las personas del equipo de la consulta. De
          ellas se tratan el nombre, el correo electrónico, la contraseña (guardada de forma cifrada
          e irreversible), el rol, las sesiones iniciadas y un registro de las acciones realizadas,
          con la finalidad de gestionar el acceso, los contenidos y la seguridad del sitio.
        </p>
        <p>
          La base jurídica es la relación profesional o contractual que une a cada persona con la
          consulta (art. 6.1.b RGPD) y el interés legítimo en proteger el sitio y la información que
          contiene (art. 6.1.f RGPD). Los datos se conservan mientras la cuenta esté activa y se
          eliminan cuando deja de ser necesaria; una cuenta cuyo correo no se confirma se elimina a
          los {days(RETENTION.unverifiedAccountDays)} y las sesiones caducadas se borran. En el
          registro de actividad, la dirección IP se borra a los {months(RETENTION.auditIpMonths)} y
          cada entrada se elimina a los {months(RETENTION.auditMonths)}.
        </p>

        <h3 className="mt-6 text-lg font-semibold">Registros de seguridad</h3>
        <p>
          Para evitar abusos y envíos automatizados, al enviar un formulario o intentar acceder al
          área privada se registra temporalmente la dirección IP de origen y el número de intentos,
          con el único fin de limitar el número de envíos permitidos en un periodo de tiempo.
        </p>
        <p>
          La base jurídica es el interés legítimo en garantizar la seguridad del sitio y de los
          datos que trata (art. 6.1.f RGPD y considerando 49 RGPD). Estos registros se eliminan a
          las {RETENTION.rateLimitHours} horas.
        </p>

        <h3 className="mt-6 text-lg font-semibold">Analítica web</h3>
        {analytics ? (
          <>
            <p>
              Si lo aceptas en el aviso de cookies, este sitio utiliza Google Analytics 4, un
              servicio de Google Ireland Limited, para obtener estadísticas sobre el uso del sitio
              (páginas visitadas, duración aproximada de la visita, tipo de dispositivo y
              procedencia aproximada). Las cookies analíticas solo se instalan después de que des tu
              consentimiento y puedes retirarlo en cualquier momento desde el enlace «Configurar
              cookies» del pie de página.
            </p>
            <p>
              La base jurídica es tu consentimiento (art. 6.1.a RGPD y art. 22.2 LSSI-CE). Google
              puede tratar estos datos en los Estados Unidos; la transferencia se ampara en el Marco
              de Privacidad de Datos UE-EE. UU. (EU–US Data Privacy Framework), objeto de la
              decisión de adecuación de la Comisión Europea de 10 de julio de 2023, en el que Google
              LLC está certificada. Más detalles en la <a href="/cookies">política de cookies</a>.
            </p>
          </>
        ) : (
          <p>
            Este sitio no utiliza servicios de analítica de terceros. Las visitas a las páginas se
            cuentan de forma anónima y agregada, sin cookies y sin guardar direcciones IP, por lo
            que ese recuento no permite identificar a ninguna persona. Los recuentos se borran a los{" "}
            {months(RETENTION.pageViewMonths)}.
          </p>
        )}
      </section>

      <section aria-labelledby="priv-destinatarios">
        <h2 id="priv-destinatarios">Destinatarios</h2>
        <p>
          Tus datos no se venden ni se ceden a terceros. Solo acceden a ellos, en la medida
          necesaria, los proveedores que prestan a la consulta los servicios de alojamiento web y de
          envío de correo electrónico, como encargados del tratamiento y con un contrato que cumple
          el artículo 28 RGPD
          {analytics ? ", y Google en los términos descritos para la analítica web" : ""}. Además,
          los datos podrán comunicarse a las autoridades, juzgados y tribunales cuando exista una
          obligación legal.
        </p>
        {processors.length ? (
          <>
            <p>Los servicios externos que la web utiliza ahora son:</p>
            <ul>
              {processors.map((p) => (
                <li key={p.name}>
                  {p.name}: {p.role}.
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p>
          Si algún proveedor tratara datos fuera del Espacio Económico Europeo, la transferencia se
          realizaría con las garantías previstas en el capítulo V del RGPD, como una decisión de
          adecuación o las cláusulas contractuales tipo aprobadas por la Comisión Europea.
        </p>
      </section>

      <section aria-labelledby="priv-derechos">
        <h2 id="priv-derechos">Tus derechos</h2>
        <p>En relación con tus datos personales puedes ejercer los siguientes derechos:</p>
        <ul>
          <li>Acceso: saber si tratamos tus datos y obtener una copia.</li>
          <li>Rectificación: corregir los datos inexactos o incompletos.</li>
          <li>Supresión: pedir que se eliminen cuando ya no sean necesarios, entre otros casos.</li>
          <li>Oposición: oponerte a los tratamientos basados en el interés legítimo.</li>
          <li>Limitación: pedir que se conserven sin tratarlos en determinadas circunstancias.</li>
          <li>Portabilidad: recibir los datos que nos diste en un formato estructurado.</li>
          <li>
            Retirada del consentimiento en cualquier momento, sin que afecte a la licitud del
            tratamiento anterior.
          </li>
          <li>
            No ser objeto de decisiones basadas únicamente en tratamientos automatizados. En este
            sitio no se toman decisiones de ese tipo ni se elaboran perfiles.
          </li>
        </ul>
        <p>
          Para ejercerlos, escribe a <a href={mailto}>{settings.contactEmail}</a>
          {settings.postalAddress ? ` o por correo postal a ${settings.postalAddress}` : ""},
          indicando el derecho que quieres ejercer y acompañando un medio que permita acreditar tu
          identidad. Responderemos en el plazo de un mes desde la recepción de la solicitud,
          prorrogable dos meses más cuando sea necesario por su complejidad o número, en cuyo caso
          te lo comunicaremos (art. 12.3 RGPD).
        </p>
        <p>
          Si consideras que el tratamiento no se ajusta a la normativa, puedes presentar una
          reclamación ante la Agencia Española de Protección de Datos (C/ Jorge Juan, 6, 28001
          Madrid;{" "}
          <a href="https://www.aepd.es" target="_blank" rel="noopener noreferrer">
            www.aepd.es
          </a>
          ).
        </p>
      </section>

      <section aria-labelledby="priv-menores">
        <h2 id="priv-menores">Menores de edad</h2>
        <p>
          La atención psicológica a menores de 16 años requiere el consentimiento de sus
          progenitores o representantes legales (los dos, salvo custodia exclusiva o autorización
          judicial, que la consulta documenta); desde los 16 años firma la propia persona. El
          formulario de contacto no está dirigido a menores de 14 años (art. 7 LOPDGDD): si eres
          menor de esa edad, pide a tu madre, padre o tutor que se ponga en contacto en tu nombre.
        </p>
      </section>

      <section aria-labelledby="priv-seguridad">
        <h2 id="priv-seguridad">Medidas de seguridad</h2>
        <p>
          Conforme al artículo 32 RGPD se aplican medidas técnicas y organizativas adecuadas al
          riesgo, entre ellas: comunicaciones cifradas mediante HTTPS, contraseñas guardadas de
          forma cifrada e irreversible, acceso al área privada restringido por roles al personal
          autorizado, registro de actividad, límites de envío frente a abusos, eliminación
          automática de los mensajes al terminar el plazo de conservación, cifrado de las
          respuestas, firmas y documentos firmados con una clave guardada fuera de la base de datos,
          verificación en dos pasos para quien puede leer datos de salud y deber de confidencialidad
          de todas las personas que acceden a los datos.
        </p>
        <p>
          Mientras escribes en los formularios (contacto, cita, reseña, cuestionario), tu navegador
          comprueba por sí solo si el texto contiene expresiones de crisis para mostrarte los
          teléfonos de ayuda (024 y 112). Esa comprobación no se envía, no se guarda y no queda
          registrada en ningún sitio: solo se recibe lo que tú decidas enviar.
        </p>
      </section>

      <section aria-labelledby="priv-cambios">
        <h2 id="priv-cambios">Cambios en esta política</h2>
        <p>
          Esta política puede actualizarse para adaptarla a cambios normativos o en el
          funcionamiento del sitio. La fecha de la última actualización figura al principio de la
          página; si el cambio es relevante, se indicará de forma visible en el sitio.
        </p>
      </section>
    </>
  );
}
