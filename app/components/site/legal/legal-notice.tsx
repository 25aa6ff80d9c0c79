import type { Settings } from "~/modules/settings/schemas";
import { Row } from "./row";
import { mailtoHref } from "~/utils/mailto";

/** Aviso legal (/aviso-legal): the information required by art. 10 LSSI-CE. */
export function LegalNotice({ settings }: { settings: Settings }) {
  return (
    <>
      <p className="text-muted">Última actualización: abril de 2025</p>

      <section aria-labelledby="aviso-titular">
        <h2 id="aviso-titular">Datos identificativos de la titular</h2>
        <p>
          En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de la
          sociedad de la información y de comercio electrónico (LSSI-CE), se informa de los datos de
          la titular de este sitio web:
        </p>
        <dl className="space-y-2">
          <div>
            <dt className="font-semibold">Titular</dt>
            <dd>{settings.professionalName}</dd>
          </div>
          <Row term="NIF" value={settings.nif} />
          <Row term="Domicilio a efectos de notificaciones" value={settings.postalAddress} />
          <div>
            <dt className="font-semibold">Correo electrónico</dt>
            <dd>
              <a href={mailtoHref(settings.contactEmail)}>{settings.contactEmail}</a>
            </dd>
          </div>
          <Row term="Teléfono" value={settings.contactPhone} />
        </dl>
      </section>

      <section aria-labelledby="aviso-profesion">
        <h2 id="aviso-profesion">Profesión regulada y autorización sanitaria</h2>
        <p>
          La titular ejerce una profesión sanitaria regulada. De acuerdo con el artículo 10.1 de la
          LSSI-CE, se facilitan los siguientes datos:
        </p>
        <dl className="space-y-2">
          <div>
            <dt className="font-semibold">Título profesional</dt>
            <dd>{settings.professionalTitle}</dd>
          </div>
          <div>
            <dt className="font-semibold">Titulación oficial y Estado que la expidió</dt>
            <dd>{settings.qualification}</dd>
          </div>
          <div>
            <dt className="font-semibold">Colegio profesional</dt>
            <dd>{settings.collegeName}</dd>
          </div>
          <Row term="Número de colegiada" value={settings.collegeNumber} />
          <Row
            term="Registro de centros, servicios y establecimientos sanitarios"
            value={
              settings.healthRegistryNumber
                ? `Número de inscripción ${settings.healthRegistryNumber}`
                : ""
            }
          />
        </dl>
        {settings.partnerCentreName ? (
          <p>
            Las sesiones presenciales se realizan en {settings.partnerCentreName}
            {settings.partnerCentreAddress ? `, situado en ${settings.partnerCentreAddress}` : ""},
            centro en el que la titular presta sus servicios profesionales.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="aviso-normas">
        <h2 id="aviso-normas">Normas profesionales aplicables</h2>
        <p>
          El ejercicio profesional de la titular se rige, entre otras, por las siguientes normas:
        </p>
        <ul>
          <li>
            El Código Deontológico de la Psicología del Consejo General de la Psicología de España.
          </li>
          <li>Ley 44/2003, de 21 de noviembre, de ordenación de las profesiones sanitarias.</li>
          <li>
            Ley 41/2002, de 14 de noviembre, básica reguladora de la autonomía del paciente y de
            derechos y obligaciones en materia de información y documentación clínica.
          </li>
          <li>
            Ley 33/2011, de 4 de octubre, General de Salud Pública, cuya disposición adicional
            séptima regula la profesión de Psicólogo General Sanitario.
          </li>
          <li>Ley 2/1974, de 13 de febrero, sobre Colegios Profesionales.</li>
          <li>Los estatutos y normas deontológicas del colegio profesional de pertenencia.</li>
        </ul>
        <p>
          El texto del Código Deontológico y la información sobre la profesión pueden consultarse en
          la web del{" "}
          <a href="https://www.cop.es" target="_blank" rel="noopener noreferrer">
            Consejo General de la Psicología de España
          </a>
          .
        </p>
      </section>

      <section aria-labelledby="aviso-objeto">
        <h2 id="aviso-objeto">Objeto del sitio web</h2>
        <p>
          Este sitio web tiene por objeto informar sobre los servicios de psicología sanitaria que
          presta la titular, publicar contenidos divulgativos y facilitar un medio de contacto para
          resolver consultas y concertar citas. La información publicada tiene carácter general y no
          sustituye en ningún caso una evaluación ni un tratamiento psicológico individualizado.
        </p>
        <p>
          El acceso al sitio es gratuito y no exige registro. Su uso implica la aceptación de este
          aviso legal y de las <a href="/uso-web">condiciones de uso</a>.
        </p>
      </section>

      <section aria-labelledby="aviso-propiedad">
        <h2 id="aviso-propiedad">Propiedad intelectual e industrial</h2>
        <p>
          Los textos, imágenes, diseño gráfico, logotipos y demás contenidos de este sitio web son
          titularidad de {settings.professionalName} o se utilizan con autorización de sus
          titulares, y están protegidos por el Real Decreto Legislativo 1/1996, de 12 de abril, por
          el que se aprueba el texto refundido de la Ley de Propiedad Intelectual, y por la
          normativa de propiedad industrial.
        </p>
        <p>
          Se permite su consulta y la reproducción de fragmentos breves para uso personal y no
          comercial, citando la fuente. Queda prohibida cualquier otra reproducción, distribución,
          comunicación pública o transformación sin autorización expresa y por escrito de la
          titular.
        </p>
      </section>

      <section aria-labelledby="aviso-responsabilidad">
        <h2 id="aviso-responsabilidad">Responsabilidad</h2>
        <p>
          La titular procura que la información del sitio sea veraz, esté actualizada y no contenga
          errores, pero no garantiza su exactitud en todo momento ni se hace responsable de las
          decisiones que se tomen basándose únicamente en ella. Los contenidos divulgativos no
          constituyen diagnóstico ni tratamiento.
        </p>
        <p>
          Este sitio web no es un servicio de atención de urgencias. Si te encuentras en una
          situación de crisis, llama al <a href="tel:024">024</a> (línea de atención a la conducta
          suicida) o al <a href="tel:112">112</a>.
        </p>
        <p>
          La titular no responde de las interrupciones del servicio, errores de conexión o daños
          causados por virus u otros elementos ajenos a su control, sin perjuicio de adoptar las
          medidas razonables para evitarlos.
        </p>
      </section>

      <section aria-labelledby="aviso-enlaces">
        <h2 id="aviso-enlaces">Enlaces</h2>
        <p>
          El sitio puede incluir enlaces a páginas de terceros, que se ofrecen solo como información
          complementaria. La titular no controla esos sitios ni responde de sus contenidos, conforme
          al artículo 17 de la LSSI-CE, y retirará con diligencia cualquier enlace cuando tenga
          conocimiento efectivo de que remite a contenidos ilícitos.
        </p>
        <p>
          Quien desee enlazar a este sitio deberá hacerlo a su página principal o a páginas
          concretas, sin reproducir sus contenidos ni dar a entender una relación con la titular que
          no exista.
        </p>
      </section>

      <section aria-labelledby="aviso-datos">
        <h2 id="aviso-datos">Protección de datos y cookies</h2>
        <p>
          El tratamiento de los datos personales se explica en la{" "}
          <a href="/privacidad">política de privacidad</a> y el uso de cookies y almacenamiento
          local, en la <a href="/cookies">política de cookies</a>.
        </p>
      </section>

      <section aria-labelledby="aviso-ley">
        <h2 id="aviso-ley">Legislación aplicable y jurisdicción</h2>
        <p>
          Este aviso legal se rige por la legislación española. Para la resolución de cualquier
          controversia, las partes se someten a los juzgados y tribunales que resulten competentes
          conforme a la ley. Cuando el usuario tenga la condición de consumidor, serán competentes
          los del lugar de su domicilio, de acuerdo con el texto refundido de la Ley General para la
          Defensa de los Consumidores y Usuarios (Real Decreto Legislativo 1/2007, de 16 de
          noviembre).
        </p>
      </section>
    </>
  );
}
