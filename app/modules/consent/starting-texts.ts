/**
 * The starting texts of the consent documents and of the impact assessment's template, in
 * Markdown. They are drafts: the content of informed consent is the professional's responsibility
 * (Ley 41/2002 art. 8, Código Deontológico del Psicólogo), so nothing is sent until she reviews a
 * document and marks it ready (docs/decisions/022-informed-consent.md). Safe in the browser.
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

Antes de empezar, la ley y el código deontológico piden que sepas en qué consiste la atención
psicológica y que aceptes recibirla con libertad. Léelo con calma y pregunta cualquier duda antes
de firmar.

## En qué consiste la intervención

- Una primera fase de **evaluación**: entrevistas y, si hace falta, cuestionarios, para entender
  qué te ocurre y qué quieres conseguir.
- Una fase de **intervención**: sesiones en las que trabajaremos los objetivos que acordemos, con
  técnicas psicológicas de eficacia contrastada.
- Un **seguimiento** para comprobar cómo van los cambios y decidir juntas cuándo terminar.

Las sesiones duran habitualmente entre 50 y 60 minutos, con la frecuencia que acordemos. La
duración total depende de cada persona y se revisa a lo largo del proceso. Los honorarios y las
condiciones de cancelación son los que te ha indicado la consulta.

## Beneficios, molestias y alternativas

La intervención psicológica suele ayudar a comprender lo que te pasa y a manejarlo mejor, pero
no se puede garantizar un resultado concreto. Hablar de temas difíciles puede producir malestar
pasajero; si ocurre, lo trabajaremos en sesión. Existen otras alternativas (otros enfoques, otros
profesionales, atención en el sistema público de salud) y puedes preguntar por ellas.

## Tu participación es voluntaria

Puedes hacer preguntas en cualquier momento, no responder a lo que no quieras y dejar la
intervención cuando lo decidas, sin tener que dar explicaciones. También puedes retirar este
consentimiento desde el enlace de tu copia.

## Confidencialidad y sus límites

Todo lo que compartas es confidencial y está protegido por el secreto profesional. Solo se podrá
romper en los casos que prevé la ley:

- si existe un riesgo grave para tu vida o la de otras personas;
- si lo ordena una autoridad judicial;
- si hay sospecha de maltrato o abuso a una persona menor de edad o vulnerable.

## Historia clínica

La psicóloga lleva una historia clínica con la información necesaria para tu atención. Se
conserva, como mínimo, cinco años desde tu última visita (Ley 41/2002, artículo 17), protegida y
cifrada.

## No es un servicio de urgencias

Esta consulta no atiende urgencias. Si estás en una situación de crisis, llama al 024 (atención a
la conducta suicida) o al 112.

## Declaración

He leído y entendido este documento, he podido hacer preguntas y recibir respuestas, y acepto
libremente recibir atención psicológica en las condiciones descritas. Sé que puedo retirar este
consentimiento en cualquier momento.`,
  },
  online: {
    title: "Consentimiento para sesiones en línea",
    body: `${DRAFT}

## Cómo son las sesiones en línea

Las sesiones en línea se hacen por videollamada, con el enlace que aparece en la página de tu
cita. Tienen el mismo valor y la misma confidencialidad que las presenciales, aunque tienen
algunos límites propios.

## Lo que te pedimos

- Conéctate desde un **lugar privado y tranquilo**, donde nadie pueda escuchar la conversación.
- Usa una conexión estable y, si puedes, auriculares.
- Al empezar, confirma tu identidad y **dónde estás** durante la sesión: lo necesitamos por si
  hubiera una emergencia.
- Ninguna de las dos partes **graba** la sesión (ni audio ni vídeo ni capturas) sin un
  consentimiento por escrito.

## Si se corta la conexión

Si la llamada se interrumpe, la psicóloga intentará volver a conectar en los siguientes minutos.
Si no es posible, te llamará por teléfono o te escribirá para continuar o cambiar la sesión de
día, sin coste para ti.

## Si hay una crisis durante la sesión

Si durante una sesión en línea surge una situación de riesgo, la psicóloga podrá avisar al 112
indicando el lugar en el que estás. Fuera de las sesiones, en una crisis llama al 024 o al 112.

## Límites del trabajo en línea

Algunas situaciones se atienden mejor en persona. Si la psicóloga lo considera así, te lo dirá y
te propondrá alternativas.

## Declaración

He leído estas condiciones y acepto recibir sesiones en línea en estos términos.`,
  },
  minors: {
    title: "Consentimiento para la atención psicológica de menores",
    body: `${DRAFT}

## Quién da el consentimiento

Para atender a una persona **menor de 16 años** hace falta el consentimiento de quienes ejercen la
patria potestad (normalmente, **los dos progenitores**) o de su tutor o tutora legal. Cada
progenitor recibe su propio enlace y firma por separado.

Solo basta la firma de uno de ellos cuando el otro no tiene la patria potestad o la custodia que
corresponde, o cuando hay una autorización judicial. En esos casos la psicóloga lo deja
documentado.

A partir de los **16 años**, la propia persona da su consentimiento (Ley 41/2002, artículo 9). La
consulta puede pedir también el de sus progenitores.

## Cómo se trabaja con menores

- Se escucha al niño, niña o adolescente y se le explica lo que vamos a hacer con palabras
  adecuadas a su edad.
- Los progenitores participan en la evaluación y en las orientaciones que se acuerden.

## Información y confidencialidad

Los progenitores tienen derecho a recibir información sobre la evolución general y las
recomendaciones. Para que la intervención funcione, lo que el menor cuenta en sesión se trata con
confidencialidad: se compartirá lo necesario para su bienestar, y siempre cualquier situación de
riesgo para él o para otras personas.

## Declaración

Como progenitor/a o tutor/a legal, he leído este documento, he podido hacer preguntas y doy mi
consentimiento para la atención psicológica de la persona menor a mi cargo.`,
  },
  data: {
    title: "Información sobre protección de datos",
    body: `${DRAFT}

## Responsable

La responsable del tratamiento es la profesional que te atiende, con los datos de contacto que
figuran en la web de la consulta.

## Para qué usamos tus datos

- Prestarte la atención psicológica y llevar tu historia clínica.
- Gestionar tus citas y comunicarnos contigo.
- Facturar los servicios y cumplir las obligaciones legales.

## Base jurídica

La prestación del servicio que pides (artículo 6.1.b del RGPD), el cumplimiento de obligaciones
legales (artículo 6.1.c) y la asistencia sanitaria (artículo 9.2.h), según la Ley 41/2002 de
autonomía del paciente.

## Qué datos

Tus datos de identificación y contacto, los que nos das en el cuestionario y en las sesiones,
incluidos **datos de salud**, y los de la firma de este consentimiento.

## Quién puede verlos

Nadie fuera de la consulta, salvo obligación legal. Los proveedores técnicos que necesitamos
(alojamiento, correo) actúan como encargados del tratamiento con contrato y no pueden usarlos para
otra cosa.

## Cuánto tiempo

La historia clínica, al menos **cinco años desde tu última visita**. Los datos de facturación, el
tiempo que marca la ley fiscal. Después se eliminan.

## Cómo se protegen

Tus respuestas y los documentos firmados se guardan **cifrados**, con una clave que no está en la
base de datos, y solo la psicóloga puede abrirlos.

## Tus derechos

Puedes pedir el acceso, la rectificación, la supresión (dentro de los límites legales), la
limitación, la oposición y la portabilidad de tus datos, y retirar tu consentimiento, escribiendo
a la consulta. Si crees que no se han respetado, puedes reclamar ante la Agencia Española de
Protección de Datos (www.aepd.es).`,
  },
};

/** The impact assessment (EIPD, RGPD art. 35): {{…}} are filled by fillTemplate. */
export const EIPD_TEMPLATE = `> Plantilla de partida: complétala, revisa cada riesgo con tu realidad y guárdala firmada con tu
> documentación. Revísala al menos una vez al año o cuando cambie algo importante.

## 1. Descripción del tratamiento

- **Tratamiento:** atención psicológica sanitaria en {{consulta}}.
- **Responsable:** {{responsable}}.
- **Fecha de esta evaluación:** {{fecha}}.
- **Datos:** identificación y contacto, citas, consentimientos firmados, respuestas del
  cuestionario inicial, historia clínica (datos de salud).
- **Personas afectadas:** pacientes adultos y, en su caso, menores de edad y sus progenitores.
- **Medios:** esta web y su área privada, el correo electrónico y, si hay sesiones en línea, la
  plataforma de videollamada: ____.

## 2. Por qué se hace esta evaluación

Se tratan datos de salud (categoría especial, artículo 9 del RGPD) de personas que pueden ser
vulnerables:

- atención a **menores de edad**: ____ (sí / no);
- **sesiones en línea** por videollamada: ____ (sí / no).

Ambos supuestos aparecen en la lista de la AEPD de tratamientos que requieren evaluación de
impacto cuando concurren con datos de categoría especial.

## 3. Necesidad y proporcionalidad

- Solo se piden los datos necesarios para la atención: ____.
- El cuestionario inicial no tiene preguntas obligatorias salvo: ____.
- Plazos de conservación: historia clínica al menos cinco años desde la última visita; citas y
  mensajes según los plazos de la web.
- Se informa a las personas con la política de privacidad y el documento de protección de datos.

## 4. Riesgos identificados

- **Acceso no autorizado a la historia o a los consentimientos.** Probabilidad: ____. Impacto:
  alto. Medidas: verificación en dos pasos, roles, registro de actividad.
- **Pérdida de la clave de cifrado.** Probabilidad: ____. Impacto: alto (los datos cifrados no se
  pueden recuperar). Medidas: copia de la clave en las copias de seguridad cifradas y en un lugar
  seguro fuera del servidor: ____.
- **Un correo a la persona equivocada.** Probabilidad: ____. Impacto: medio. Medidas: los correos
  no contienen datos clínicos, solo enlaces personales que caducan.
- **Plataforma de videollamada.** Probabilidad: ____. Impacto: medio. Medidas: contrato de
  encargado, cifrado, sin grabaciones: ____.
- **Acceso de un progenitor sin derecho a la información del menor.** Probabilidad: ____. Impacto:
  medio. Medidas: cada progenitor firma con su enlace; las excepciones se documentan.
- **Otros:** ____.

## 5. Medidas que ya aplica esta web

Compruébalas en tu instalación:

- cifrado de las respuestas y de los documentos firmados con una clave guardada fuera de la base
  de datos;
- verificación en dos pasos obligatoria para quien puede leer datos de salud;
- registro de actividad de cada apertura de un documento firmado;
- enlaces de un solo uso que caducan, sin cuentas para los pacientes;
- copias de seguridad cifradas y simulacro de restauración mensual;
- borrado automático al terminar cada plazo de conservación.

## 6. Riesgo residual y conclusión

Tras aplicar las medidas, el riesgo residual se considera: ____ (bajo / medio / alto).

Conclusión: ____.

Si el riesgo residual fuera alto, antes de empezar el tratamiento hay que consultar a la AEPD
(artículo 36 del RGPD).

## 7. Revisión

Próxima revisión: {{revision}}.

Firma de la responsable: ____`;

/** Fills `{{key}}` with its value; an unknown key is left as a blank to fill by hand. */
export function fillTemplate(template: string, values: Record<string, string>) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "____");
}
