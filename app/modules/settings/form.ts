import { REGIONS } from "./regions";
import { MAX_PUBLICATIONS, SOCIAL_NETWORKS, type Settings } from "./schemas";

type FieldKind =
  "text" | "email" | "tel" | "url" | "textarea" | "number" | "switch" | "date" | "select";
export interface SettingsField {
  key: Exclude<keyof Settings, "socialLinks" | "portrait" | "publications">;
  label: string;
  kind: FieldKind;
  description?: string;
  /** May be left empty (urls and switches always may). */
  optional?: boolean;
  /** A select's choices (value, label); the first is the empty one. */
  options?: ReadonlyArray<readonly [string, string]>;
}

/** The Ajustes form, section by section (labels in Spanish; keys are the schema's). */
export const SETTINGS_SECTIONS: Array<{ id: string; title: string; fields: SettingsField[] }> = [
  {
    id: "sitio",
    title: "Sitio",
    fields: [
      { key: "siteName", label: "Nombre del sitio", kind: "text" },
      {
        key: "siteDescription",
        label: "Descripción",
        kind: "textarea",
        description: "Aparece en los buscadores y al compartir la web.",
      },
    ],
  },
  {
    id: "contacto",
    title: "Contacto",
    fields: [
      { key: "contactEmail", label: "Email de contacto", kind: "email" },
      { key: "contactPhone", label: "Teléfono", kind: "tel" },
      {
        key: "bookingUrl",
        label: "URL de reservas",
        kind: "url",
        description:
          "Los botones 'Pedir cita' abren esta dirección; sin ella, 'Pedir cita' lleva al formulario de contacto.",
      },
      {
        key: "bookingEnabled",
        label: "Reservar cita en esta web",
        kind: "switch",
        description:
          "Activado, 'Pedir cita' lleva a la página de reservas de la web (/cita) en lugar de la URL de reservas. Servicios y horarios: Citas.",
      },
    ],
  },
  {
    id: "datos-profesionales",
    title: "Datos profesionales y legales",
    fields: [
      { key: "professionalName", label: "Nombre profesional", kind: "text" },
      { key: "professionalTitle", label: "Título profesional", kind: "text" },
      { key: "qualification", label: "Titulación oficial y Estado que la expidió", kind: "text" },
      { key: "collegeName", label: "Colegio profesional", kind: "text" },
      { key: "collegeNumber", label: "Número de colegiada", kind: "text" },
      { key: "nif", label: "NIF", kind: "text" },
      { key: "postalAddress", label: "Dirección postal", kind: "text" },
      {
        key: "healthRegistryNumber",
        label: "Nº de registro de centro sanitario",
        kind: "text",
      },
      {
        key: "healthRegistryExpiry",
        label: "Caducidad de la inscripción en el registro (opcional)",
        kind: "date",
        optional: true,
        description:
          "La inscripción se renueva: te avisaremos por email 60 días antes. Lo revisa «Estado legal».",
      },
      {
        key: "region",
        label: "Comunidad autónoma del centro",
        kind: "select",
        optional: true,
        options: [["", "Sin elegir"], ...REGIONS],
        description: "«Estado legal» añade lo que pide su normativa de publicidad sanitaria.",
      },
      {
        key: "advertisingAuthNumber",
        label: "Nº de autorización de publicidad sanitaria (si tu comunidad la exige)",
        kind: "text",
        optional: true,
        description: "Se muestra en el pie de todas las páginas.",
      },
      {
        key: "advertisingAuthExpiry",
        label: "Caducidad de la autorización de publicidad (opcional)",
        kind: "date",
        optional: true,
      },
      { key: "partnerCentreName", label: "Centro colaborador", kind: "text" },
      { key: "partnerCentreAddress", label: "Dirección del centro colaborador", kind: "text" },
      {
        key: "partnerCentreUrl",
        label: "Web del centro colaborador",
        kind: "url",
        description:
          "Con el nombre y la web del centro, la portada muestra su tarjeta en «Colaboraciones».",
      },
    ],
  },
  {
    id: "preferencias",
    title: "Preferencias",
    fields: [
      { key: "showSocialLinks", label: "Mostrar enlaces a redes sociales", kind: "switch" },
      { key: "allowSignup", label: "Permitir el registro público de cuentas", kind: "switch" },
      {
        key: "reviewsOpen",
        label: "Aceptar reseñas sin invitación",
        kind: "switch",
        description:
          "Desactivado, solo se puede dejar una reseña con la invitación que envías desde Reseñas (esas se muestran como verificadas). «Cómo verificamos las reseñas» lo explica según este ajuste.",
      },
      {
        key: "notificationIncludesMessage",
        label: "Incluir el texto de los mensajes en los emails de aviso",
        kind: "switch",
        description: "Si está desactivado, el email solo avisa y enlaza a Mensajes.",
      },
      {
        key: "messageRetentionMonths",
        label: "Conservación de mensajes (meses)",
        kind: "number",
        description: "Los mensajes más antiguos se borran automáticamente.",
      },
      { key: "analyticsEnabled", label: "Analítica de terceros", kind: "switch" },
      {
        key: "analyticsMeasurementId",
        label: "ID de medición de analítica",
        kind: "text",
        description: "Por ejemplo G-XXXXXXX. Vacío: sin analítica de terceros.",
      },
    ],
  },
];

/** The fields of one publication row in Ajustes (posted as `publications.<row>.<field>`). */
export const PUBLICATION_FIELDS = ["title", "subtitle", "description", "url"] as const;

/** Reads the posted form into the settings shape (validation is the schema's job). */
export function settingsFromForm(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const section of SETTINGS_SECTIONS) {
    for (const field of section.fields) {
      out[field.key] = field.kind === "switch" ? form.get(field.key) === "on" : form.get(field.key);
    }
  }
  out.socialLinks = Object.fromEntries(
    SOCIAL_NETWORKS.map((n) => [n, form.get(`socialLinks.${n}`) ?? ""]),
  );
  out.portrait = { url: form.get("portrait.url") ?? "", alt: form.get("portrait.alt") ?? "" };
  out.publications = Array.from({ length: MAX_PUBLICATIONS }, (_, i) =>
    Object.fromEntries(
      PUBLICATION_FIELDS.map((f) => [f, form.get(`publications.${i}.${f}`) ?? ""]),
    ),
  );
  return out;
}
