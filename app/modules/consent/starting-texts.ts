/**
 * The starting texts of the consent documents and of the impact assessment's template, in
 * Markdown (## headings, paragraphs, - lists; no HTML, images or links). They are drafts: the
 * content of informed consent is the professional's responsibility (Ley 41/2002 art. 8, Código
 * Deontológico del Psicólogo), so nothing is sent until she reviews a document and marks it ready
 * (docs/decisions/022-informed-consent.md). Safe in the browser: no imports.
 */

export const DOCUMENT_KINDS = ["general", "online", "minors", "data"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The note that opens every starting text: a document that still has it is not marked ready. */
export const DRAFT_NOTE =
  "Texto de partida: revísalo y adáptalo a tu forma de trabajar antes de enviarlo.";
const DRAFT = `> ${DRAFT_NOTE}`;

export const STARTING_DOCUMENTS: Record<DocumentKind, { title: string; body: string }> = {
  general: {
    title: "Consentimiento informado para la intervención psicológica",
    body: `${DRAFT}

## Qué es este documento

Antes de empezar, tienes derecho a saber en qué consiste la atención psicológica y a decidir
con libertad si la aceptas. Léelo con calma y pregunta cualquier duda antes de firmar.

## Quién te atiende

Te atiende una psicóloga general sanitaria, colegiada y habilitada para ejercer la psicología en
el ámbito sanitario, que actúa conforme al Código Deontológico del Psicólogo. Su nombre y su
número de colegiación figuran en la web de la consulta.

## Naturaleza y objetivos

La intervención psicológica busca comprender lo que te ocurre y ayudarte a afrontarlo mejor. Los
objetivos se acuerdan contigo tras la evaluación y se pueden revisar en cualquier momento.

## Cómo se trabaja

- **Evaluación:** una o varias entrevistas y, si hace falta, cuestionarios o pruebas, para
  entender la situación y lo que quieres conseguir. Al terminar, la psicóloga te explica lo que
  ha encontrado y te propone un plan.
- **Intervención:** sesiones en las que se trabajan los objetivos acordados con técnicas
  psicológicas de eficacia contrastada. A veces se proponen tareas para hacer entre sesiones.
- **Seguimiento y cierre:** se comprueba cómo van los cambios y se decide, de común acuerdo,
  cuándo espaciar las sesiones o terminar.

## Duración y frecuencia

Las sesiones duran habitualmente entre 50 y 60 minutos. Al principio suelen ser semanales o
quincenales y después se espacian. La duración total no se puede saber de antemano: depende de
cada persona y de sus objetivos, y se revisa a lo largo del proceso.

## Honorarios y cancelaciones

Los honorarios, la forma de pago y los cambios o cancelaciones de citas se rigen según las
condiciones que te ha indicado la consulta. Si tienes dudas, pregúntalas antes de empezar.

## Beneficios y posibles molestias

La intervención psicológica suele ayudar a entender mejor lo que te pasa, a reducir el malestar
y a manejar las dificultades, pero no se puede garantizar un resultado concreto. Hablar de temas
difíciles puede producir un malestar pasajero, o cambios en tu forma de ver algunas situaciones
o relaciones. Si ocurre, coméntalo: forma parte del trabajo y se atiende en sesión.

## Alternativas

Existen otras opciones: otros enfoques psicológicos, otros profesionales, la atención en el
sistema público de salud o, cuando esté indicado, el tratamiento médico o psiquiátrico, solo o
junto con la intervención psicológica. Puedes preguntar por ellas, y la psicóloga te propondrá
derivarte si cree que otra atención te conviene más.

## Tu participación es voluntaria

Puedes hacer preguntas cuando quieras, no contestar a lo que no desees y dejar la intervención en
cualquier momento, sin tener que dar explicaciones y sin que eso te perjudique.

## Confidencialidad y sus límites

Lo que compartes en consulta es confidencial y está protegido por el secreto profesional. No se
comunicará a nadie sin tu autorización, salvo en los casos que prevé la ley:

- si existe un riesgo grave para tu vida o para la de otras personas;
- si lo ordena una autoridad judicial;
- si hay sospecha de maltrato o abuso de una persona menor de edad.

Incluso en esos casos, se comunicará solo la información imprescindible.

## Historia clínica

La psicóloga lleva una historia clínica con la información necesaria para tu atención. Se
guarda de forma segura y se conserva, como mínimo, cinco años desde tu última visita (Ley
41/2002, artículo 17). Puedes pedir acceso a ella en los términos que prevé la ley.

## No es un servicio de urgencias

Esta consulta no atiende urgencias. Si estás en una situación de crisis o piensas en hacerte
daño, llama al 024 (línea de atención a la conducta suicida) o al 112 (emergencias).

## Retirar este consentimiento

Puedes retirar este consentimiento cuando quieras, desde el enlace de tu copia o diciéndoselo a
la psicóloga. La retirada tiene efecto desde ese momento: no borra la documentación clínica que
la ley obliga a conservar.

## Declaración

He leído y entendido este documento, he podido hacer preguntas y se me han respondido. Acepto
libremente recibir evaluación e intervención psicológica en las condiciones descritas, y sé que
puedo retirar este consentimiento en cualquier momento.`,
  },
  online: {
    title: "Consentimiento para sesiones en línea",
    body: `${DRAFT}

## Cómo son las sesiones en línea

Las sesiones en línea se hacen por videollamada, con la plataforma que te indica la consulta y
el enlace que recibes para cada cita. Tienen la misma confidencialidad y el mismo cuidado que las
presenciales, y se rigen por el consentimiento general de la intervención, que sigue vigente.
Este documento añade lo propio del trabajo a distancia.

## Antes de cada sesión

- Conéctate desde un **lugar privado y tranquilo**, donde nadie pueda escuchar ni interrumpir la
  conversación. La psicóloga hará lo mismo por su parte.
- Usa una conexión estable, un dispositivo con la batería cargada y, si puedes, auriculares.
- Evita las redes wifi públicas o compartidas y cierra otras aplicaciones que puedan mostrar
  avisos en pantalla.

## Identidad y lugar

Al comenzar la primera sesión, la psicóloga comprobará tu identidad (por ejemplo, viendo tu
documento de identidad en la cámara). Al inicio de cada sesión te preguntará **la dirección
donde te encuentras** y un teléfono de contacto: solo se usan si hubiera una emergencia.

## Grabaciones

Ninguna de las dos partes grabará la sesión (ni audio, ni vídeo, ni capturas de pantalla) sin
un consentimiento previo y por escrito de la otra.

## Si falla la conexión

- Si la llamada se corta, la psicóloga intentará volver a conectar durante los minutos
  siguientes.
- Si no es posible, te llamará por teléfono para continuar o para acordar otro momento.
- El tiempo perdido por un problema técnico de la consulta no se te cobra. Si el problema es de
  tu conexión, se aplican las condiciones que te ha indicado la consulta.

## Si hay una crisis durante la sesión

Si durante una sesión surge una situación de riesgo grave para ti o para otra persona, la
psicóloga podrá llamar al 112 y dar la dirección en la que estás. Por eso es importante que sea
la dirección real en la que te encuentras en ese momento.

Fuera de las sesiones, esta consulta no atiende urgencias: llama al 024 o al 112.

## Límites del trabajo en línea

La videollamada transmite menos información que la presencia (el lenguaje corporal, los
silencios) y depende de la tecnología. Algunas situaciones se atienden mejor en persona, como
las crisis intensas o algunos tipos de evaluación. Si la psicóloga lo considera así, te lo
explicará y te propondrá sesiones presenciales u otra alternativa.

## Declaración

He leído y entendido estas condiciones, he podido hacer preguntas y acepto recibir sesiones
psicológicas en línea en estos términos.`,
  },
  minors: {
    title: "Consentimiento para la atención psicológica de menores",
    body: `${DRAFT}

## Quién da el consentimiento

Para atender a una persona **menor de 16 años** hace falta el consentimiento de los **dos
progenitores que ejercen la patria potestad**, aunque estén separados o divorciados, o el de su
tutor o tutora legal. Cada progenitor recibe su propio enlace y firma por separado.

Basta con la firma de uno de ellos solo en casos excepcionales, que la psicóloga deja
documentados en la historia clínica:

- cuando solo uno de los progenitores tiene la patria potestad (por ejemplo, por una resolución
  judicial o por fallecimiento del otro);
- cuando un juzgado ha autorizado la intervención.

Tener la guarda y custodia no basta por sí solo si la patria potestad es compartida. Para
registrar una excepción, la consulta puede pedirte el documento que la acredita.

## A partir de los 16 años

Desde los 16 años, la propia persona da su consentimiento (Ley 41/2002, artículo 9). La consulta
puede pedir también el de sus progenitores y, si hubiera un riesgo grave para su vida o su salud,
la ley prevé que se informe y se cuente con ellos, después de escuchar su opinión.

## La participación del menor

- Se le escucha y se le explica, con palabras adecuadas a su edad, qué se va a hacer, por qué y
  qué puede esperar.
- Su opinión se tiene en cuenta según su edad y su madurez.
- Puede hacer preguntas y decir lo que le preocupa en cualquier momento.

## Cómo se trabaja

La evaluación y la intervención siguen lo descrito en el consentimiento informado general. Con
menores, los progenitores suelen participar en algunas sesiones, en la evaluación y en las
orientaciones que se acuerden para casa o para el centro educativo.

## Información a los progenitores y confidencialidad

Los progenitores tienen derecho a estar informados de la atención que recibe su hijo o hija. A la
vez, el menor necesita un espacio de confianza para que la intervención funcione. Por eso:

- los progenitores reciben información sobre los objetivos, la evolución general y las
  recomendaciones;
- lo que el menor cuenta en sesión no se transmite al detalle sin hablarlo antes con él o ella,
  salvo que sea necesario para su bienestar;
- cualquier situación de riesgo para su vida, su salud o la de otras personas, o la sospecha de
  maltrato o abuso, se comunicará siempre a quien corresponda.

Si los progenitores viven separados, ambos tienen el mismo derecho a la información, salvo que
una resolución judicial diga otra cosa.

## Retirar el consentimiento

Cualquiera de los progenitores puede retirar su consentimiento en cualquier momento, desde el
enlace de su copia o diciéndoselo a la psicóloga. Sin el consentimiento necesario, la
intervención no puede continuar.

## Declaración

Como progenitor/a o tutor/a legal, he leído y entendido este documento, he podido hacer preguntas
y doy mi consentimiento para la atención psicológica de la persona menor a mi cargo. Declaro que
ejerzo la patria potestad o la tutela y que la información que he dado sobre ella es cierta.`,
  },
  data: {
    title: "Información sobre protección de datos",
    body: `${DRAFT}

## Responsable del tratamiento

La responsable del tratamiento de tus datos es la profesional que te atiende, con los datos que
figuran en la web de la consulta. Puedes escribirle a la dirección de contacto que aparece allí
para cualquier cuestión sobre tus datos.

## Para qué se usan tus datos

- Prestarte la atención psicológica (asistencia sanitaria).
- Elaborar y custodiar tu historia clínica.
- Gestionar tus citas y comunicarse contigo sobre ellas.
- Facturar los servicios y cumplir las obligaciones legales, fiscales y contables.

No se usan para otros fines, no se elaboran perfiles ni se toman decisiones automatizadas.

## Base jurídica

- La prestación del servicio que has pedido (artículo 6.1.b del RGPD).
- El cumplimiento de obligaciones legales, como la de llevar la historia clínica o la de
  facturar (artículo 6.1.c del RGPD).
- Para los datos de salud, la asistencia sanitaria prestada por una profesional sujeta al secreto
  profesional (artículo 9.2.h del RGPD), conforme a la Ley 41/2002, de autonomía del paciente.

## Qué datos se tratan

- Datos de identificación y contacto: nombre, DNI o NIE, teléfono, correo electrónico.
- Datos de las citas y de facturación.
- Datos de salud: lo que respondes en el cuestionario inicial, lo que se trata en las sesiones y
  la historia clínica.
- Los datos de la firma de tus consentimientos: fecha y hora, dirección IP, navegador y, si la
  dibujas, la imagen de tu firma.

Si eres progenitor o tutor de una persona menor, también se tratan tus datos y los de ella.

Los datos de identificación y de salud necesarios son imprescindibles para atenderte: sin ellos
no es posible prestar el servicio.

## Quién puede verlos

No se comunican a nadie, salvo obligación legal (por ejemplo, un requerimiento judicial o de la
Administración tributaria). Los proveedores técnicos que la consulta necesita (alojamiento de la
web, correo electrónico, copias de seguridad) actúan como encargados del tratamiento, con un
contrato que les impide usar los datos para otra cosa.

## Cuánto tiempo se conservan

- La historia clínica y los consentimientos firmados, como mínimo cinco años desde tu última
  visita (Ley 41/2002, artículo 17), o el plazo mayor que fije la normativa aplicable.
- Los datos de facturación, el tiempo que exige la normativa fiscal y mercantil.
- Al terminar cada plazo, los datos se eliminan.

## Cómo se protegen

Tus respuestas y los documentos que firmas se guardan **cifrados**, con una clave que no está en
la base de datos. Solo pueden abrirlos las personas autorizadas de la consulta, con verificación
en dos pasos, y cada apertura queda registrada. Las copias de seguridad también están cifradas.

## Tus derechos

Puedes ejercer en cualquier momento tus derechos de:

- acceso a tus datos;
- rectificación de los que sean inexactos;
- supresión, dentro de los límites legales (la historia clínica debe conservarse el plazo que
  marca la ley);
- limitación del tratamiento;
- oposición;
- portabilidad;
- retirada del consentimiento que hayas dado, sin que afecte a lo hecho antes.

Para ejercerlos, escribe a la consulta indicando qué derecho quieres ejercer. Se te responderá en
el plazo de un mes.

Si crees que no se han respetado tus derechos, puedes presentar una reclamación ante la Agencia
Española de Protección de Datos (www.aepd.es).`,
  },
};

/**
 * The impact assessment (EIPD, RGPD art. 35) starting template; {{...}} placeholders filled by
 * fillTemplate.
 */
export const EIPD_TEMPLATE = `> Plantilla de partida: complétala, revisa cada riesgo con tu realidad y guárdala firmada con tu
> documentación. Revísala al menos una vez al año o cuando cambie algo importante.

## 1. Descripción del tratamiento

- **Tratamiento:** atención psicológica sanitaria en {{consulta}}.
- **Responsable:** {{responsable}}.
- **Fecha de esta evaluación:** {{fecha}}.
- **Finalidades:** asistencia sanitaria, historia clínica, gestión de citas y facturación.
- **Datos:** identificación y contacto, citas, consentimientos firmados (con DNI o NIE, fecha,
  dirección IP y firma), respuestas del cuestionario inicial e historia clínica (datos de salud).
- **Personas afectadas:** pacientes adultos y, en su caso, menores de edad y sus progenitores o
  tutores.
- **Quién accede:** la psicóloga y, en su caso: ____.
- **Medios:** esta web y su área privada, el correo electrónico y, si hay sesiones en línea, la
  plataforma de videollamada: ____.
- **Proveedores (encargados del tratamiento):** alojamiento: ____; correo: ____; copias de
  seguridad: ____; videollamada: ____.
- **Ciclo de vida de los datos:** recogida (reserva, formulario, consentimiento), uso en la
  atención, conservación durante los plazos legales y borrado.

## 2. Por qué se hace esta evaluación

Se tratan datos de salud, de categoría especial (artículo 9 del RGPD). No es un tratamiento a
gran escala, pero afecta a personas que pueden ser vulnerables y, en esta consulta, se da:

- atención a **menores de edad**: ____ (sí / no);
- **sesiones en línea** por videollamada: ____ (sí / no);
- otros criterios de la lista de la AEPD: ____.

La AEPD indica que un tratamiento que reúne dos o más criterios de su lista (por ejemplo, datos
de categorías especiales y personas vulnerables) requiere, en la mayoría de los casos, una
evaluación de impacto.

## 3. Necesidad y proporcionalidad

- Cada dato que se pide es necesario para la atención: ____.
- El cuestionario inicial solo tiene como obligatorias estas preguntas: ____.
- Las personas reciben la información de protección de datos antes de firmar y la política de
  privacidad está en la web.
- Plazos de conservación: historia clínica y consentimientos, al menos cinco años desde la última
  visita; facturación, según la normativa fiscal; citas y mensajes, según los plazos de la web.
- Los derechos se atienden escribiendo a la consulta; la web permite exportar y borrar los datos
  de una persona, respetando lo que la ley obliga a conservar.
- No se comunican datos a terceros salvo obligación legal; no hay transferencias fuera del
  Espacio Económico Europeo, o solo con garantías: ____.

## 4. Riesgos identificados

Para cada riesgo: probabilidad (baja / media / alta), impacto (bajo / medio / alto) y medidas.

- **Acceso no autorizado a la historia o a los consentimientos** (contraseña robada, ordenador
  compartido o sin bloquear).
  - Probabilidad: ____.
  - Impacto: alto.
  - Medidas: verificación en dos pasos, permisos por roles, registro de actividad, bloqueo de
    pantalla en los dispositivos: ____.
- **Pérdida de la clave de cifrado** (los datos cifrados no se podrían recuperar).
  - Probabilidad: ____.
  - Impacto: alto.
  - Medidas: copia de la clave en un lugar seguro fuera del servidor: ____; comprobación de que
    las copias de seguridad se pueden restaurar.
- **Un correo a la persona equivocada** (dirección mal escrita, progenitor equivocado).
  - Probabilidad: ____.
  - Impacto: medio.
  - Medidas: los correos no contienen datos clínicos, solo enlaces personales de un solo uso que
    caducan; se revisa la dirección antes de enviar.
- **Plataforma de videollamada** (acceso de terceros, grabación, datos en el proveedor).
  - Probabilidad: ____.
  - Impacto: medio.
  - Medidas: plataforma con cifrado y contrato de encargado: ____; sin grabaciones; enlace
    distinto para cada sesión; lugar privado en ambos lados.
- **Acceso de los progenitores** (un progenitor sin patria potestad, o información del menor
  compartida más allá de lo necesario).
  - Probabilidad: ____.
  - Impacto: medio.
  - Medidas: cada progenitor firma con su propio enlace; las excepciones se documentan con su
    acreditación; se acuerda con la familia qué información se comparte.
- **Pérdida o robo de un dispositivo** con acceso a la web o al correo.
  - Probabilidad: ____.
  - Impacto: ____.
  - Medidas: cifrado del dispositivo, bloqueo con código, cierre de sesiones desde Mi cuenta: ____.
- **Otros riesgos:** ____.

## 5. Medidas que ya aplica esta web

Compruébalas en tu instalación y marca las que estén activas:

- cifrado de las respuestas y de los documentos firmados con una clave guardada fuera de la base
  de datos: ____;
- verificación en dos pasos obligatoria para quien puede leer datos de salud: ____;
- registro de actividad, incluida cada apertura de un documento firmado: ____;
- enlaces de un solo uso que caducan, sin cuentas para los pacientes: ____;
- copias de seguridad cifradas y simulacro mensual de restauración: ____;
- borrado automático al terminar cada plazo de conservación: ____.

Otras medidas de la consulta (organizativas, formación, contratos): ____.

## 6. Riesgo residual y conclusión

Tras aplicar las medidas, el riesgo residual se considera: ____ (bajo / medio / alto).

Medidas pendientes y plazo para aplicarlas: ____.

Conclusión: ____.

Si el riesgo residual siguiera siendo alto, antes de iniciar el tratamiento hay que consultar a
la AEPD (artículo 36 del RGPD).

## 7. Revisión

Esta evaluación se revisa al menos una vez al año y siempre que cambie el tratamiento (nuevos
servicios, proveedores o medios).

Próxima revisión: {{revision}}.

Firma de la responsable: ____`;

/** Replaces each `{{key}}` with `values[key]`; an unknown key becomes a blank to fill by hand. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(
    /\{\{\s*(\w+)\s*\}\}/g,
    (_, key: string) => (Object.hasOwn(values, key) ? values[key] : undefined) ?? "____",
  );
}
