import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { articles } from "~/db/schema";
import { getBookingConfig, listServices } from "~/modules/booking/booking.server";
import { consentForMinorsSent } from "~/modules/consent/requests.server";
import { busyFeedAddress } from "~/modules/booking/busy-feed.server";
import { madridDate } from "~/modules/booking/slots";
import { publishedExampleCount } from "~/modules/reviews/reviews.server";
import { pageValues } from "~/modules/pages/texts.server";
import { pageText, PAGES } from "~/modules/pages/fields";
import type { Settings } from "~/modules/settings/schemas";
import { getSettings } from "~/modules/settings/settings.server";
import { getEnv } from "~/utils/env.server";
import { claimFlags } from "./flags";
import { identityGaps } from "./identity";
import { configuredProcessors, type Processor } from "./processors.server";
import { regionName } from "~/modules/settings/regions";
import { type AdvertisingStatus, authorisationStatuses } from "./advertising.server";
import { ADVERTISING_BASIS, REGION_RULES } from "./regions";

/**
 * 'Estado legal' (/admin/estado-legal, docs/compliance.md): each rule a practice's website must
 * follow, with its source and a link, computed from the real settings and configuration. Green
 * when it holds, red when it does not, amber ('revisar') when the product cannot be certain (a
 * comunidad's own rules) or a date is near.
 */

export type Status = "ok" | "revisar" | "falta";

export interface Check {
  id: string;
  title: string;
  status: Status;
  /** What was found, in Spanish. */
  detail: string;
  source: { text: string; url: string };
  /** Further sources of the same rule, each with its link. */
  more?: { text: string; url: string }[];
  /** Where to fix it in the admin area (`download`: a file, not a page). */
  fix?: { href: string; label: string; download?: boolean };
  /**
   * Set when only whoever maintains the server can fix it (not a setting): a message she can copy
   * and send them as it is.
   */
  server?: { message: string };
}

/** The facts the rules read: gathered once, so the rules themselves are pure (and testable). */
export interface Facts {
  settings: Settings;
  publicUrl: string;
  smtpConfigured: boolean;
  processors: Processor[];
  /** The text of the privacy policy as visitors read it (its list of processors). */
  privacyText: string;
  retention: { messagesMonths: number; appointmentsDays: number };
  /** Places where a link to the closed EU ODR platform appears. */
  odrLinks: string[];
  /** The practice's texts that promise results: where, and the words. */
  claims: { where: string; words: string[] }[];
  /** Published reviews that are a new install's examples (no client wrote them). */
  exampleReviewsPublished: number;
  /** The last restore drill of the backups (`consulta simulacro`), if any. */
  drill: Drill | null;
  /** What makes an impact assessment advisable: consents for minors, online sessions offered. */
  impact: { minors: boolean; online: boolean };
  /** The public texts recorded as authorised health advertising, with their state today. */
  advertising: Pick<AdvertisingStatus, "label" | "number" | "state" | "expiresOn" | "daysLeft">[];
  today: string;
}

/** What `consulta simulacro` (ops/drill.js) writes in DATA_DIR/estado/simulacro.json. */
export interface Drill {
  at: string;
  ok: boolean;
  details: string;
}

const BOE = (id: string) => `https://www.boe.es/buscar/act.php?id=${id}`;
const SOURCES = {
  lssi: {
    text: "Ley 34/2002 (LSSI-CE), art. 10: información general del prestador de servicios",
    url: BOE("BOE-A-2002-13758"),
  },
  registry: {
    text: "Real Decreto 1277/2003, de 10 de octubre (autorización de centros sanitarios) y normativa autonómica de registro y renovación",
    url: "https://www.boe.es/eli/es/rd/2003/10/10/1277",
  },
  reviews: {
    text: "Real Decreto Legislativo 1/2007 (TRLGDCU), art. 20, modificado por el Real Decreto-ley 24/2021 (en vigor desde el 28 de mayo de 2022): informar de si y cómo se comprueba que las reseñas proceden de clientes reales",
    url: BOE("BOE-A-2007-20555"),
  },
  odr: {
    text: "Reglamento (UE) 2024/3228: la plataforma europea de resolución de litigios en línea cerró el 20 de julio de 2025",
    url: "https://eur-lex.europa.eu/eli/reg/2024/3228/oj",
  },
  cookies: {
    text: "Ley 34/2002 (LSSI-CE), art. 22.2, y Guía sobre el uso de las cookies de la AEPD (julio de 2023)",
    url: "https://www.aepd.es/guias/guia-cookies.pdf",
  },
  processors: {
    text: "RGPD, arts. 13.1.e (destinatarios) y 28 (encargados del tratamiento)",
    url: "https://eur-lex.europa.eu/eli/reg/2016/679/oj",
  },
  retention: {
    text: "RGPD, arts. 5.1.e (limitación del plazo de conservación) y 13.2.a",
    url: "https://eur-lex.europa.eu/eli/reg/2016/679/oj",
  },
  https: {
    text: "RGPD, art. 32 (seguridad del tratamiento): los formularios envían datos de salud",
    url: "https://eur-lex.europa.eu/eli/reg/2016/679/oj",
  },
  smtp: {
    text: "RGPD, art. 32, y el funcionamiento de la web: avisos, confirmaciones de cita y respuestas",
    url: "https://eur-lex.europa.eu/eli/reg/2016/679/oj",
  },
  backups: {
    text: "RGPD, art. 32.1.c y d: poder restaurar los datos tras un incidente y verificar con regularidad que las medidas funcionan",
    url: "https://eur-lex.europa.eu/eli/reg/2016/679/oj",
  },
  eipd: {
    text: "RGPD, art. 35 (evaluación de impacto), y la lista de la AEPD de tratamientos que la requieren (datos de salud de personas vulnerables, como menores; nuevas tecnologías)",
    url: "https://www.aepd.es/guias/listas-dpia-es-35-4.pdf",
  },
  accessibility: {
    text: "Decisión de Ejecución (UE) 2018/1523 de la Comisión (modelo de declaración de accesibilidad) y Real Decreto 1112/2018, art. 15 (contenido de la declaración)",
    url: "https://eur-lex.europa.eu/eli/dec_impl/2018/1523/oj",
  },
  claims: {
    text: "Código Deontológico del Psicólogo, art. 50 (la publicidad no incluye garantías ni afirmaciones sobre éxitos); Real Decreto 1907/1996, art. 4.4",
    url: "https://www.boe.es/eli/es/rd/1996/08/02/1907",
  },
} as const;

const SETTINGS = (field: string, label = "Abrir Ajustes") => ({
  href: `/admin/ajustes#${field}`,
  label,
});

/** Days from `today` to a date (both YYYY-MM-DD); negative when past. */
export function daysUntil(date: string, today: string) {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 864e5);
}

/** A renewal date as a rule reads it: missing, past, within 60 days, or fine. */
function expiry(date: string, today: string, what: string): { status: Status; detail: string } {
  if (!date) return { status: "revisar", detail: `Añade la fecha de caducidad de ${what}.` };
  const days = daysUntil(date, today);
  const when = date.split("-").reverse().join("/");
  if (days < 0) return { status: "falta", detail: `${upper(what)} caducó el ${when}.` };
  if (days <= 60) {
    return {
      status: "revisar",
      detail: `${upper(what)} caduca el ${when}, en ${days} días: renuévala.`,
    };
  }
  return { status: "ok", detail: `${upper(what)} caduca el ${when}.` };
}

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const URGENCY: Record<Status, number> = { falta: 0, revisar: 1, ok: 2 };

/** Every rule, what to resolve first (red, then amber, then green), in a stable order within each. */
export function checks(facts: Facts): Check[] {
  return rules(facts).sort((a, b) => URGENCY[a.status] - URGENCY[b.status]);
}

function rules(facts: Facts): Check[] {
  const { settings } = facts;
  const list: Check[] = [];

  const gaps = identityGaps(settings);
  list.push({
    id: "identidad",
    title: "Datos de identificación de la profesional",
    status: gaps.length ? "falta" : "ok",
    detail: gaps.length
      ? `Falta o es un valor de ejemplo: ${gaps.map((g) => g.label).join(", ")}. Hasta completarlos, todas las páginas piden a los buscadores que no las indexen (noindex).`
      : "Nombre, NIF, dirección, email, colegio, número de colegiada, título y Estado que lo expidió están completos. La web se puede indexar.",
    source: SOURCES.lssi,
    fix: SETTINGS(gaps[0]?.key ?? "professionalName"),
  });

  const registry = settings.healthRegistryNumber.trim();
  const registryExample = !registry || /0000/.test(registry);
  const renewal = expiry(
    settings.healthRegistryExpiry,
    facts.today,
    "la inscripción en el registro",
  );
  list.push({
    id: "registro",
    title: "Registro de centro sanitario y su renovación",
    status: registryExample ? "falta" : renewal.status,
    detail: registryExample
      ? "Falta el número de inscripción en el registro de centros sanitarios (o es el de ejemplo)."
      : `Nº ${registry}. ${renewal.detail}${renewal.status === "ok" ? " Te avisaremos por email 60 días antes." : ""}`,
    source: SOURCES.registry,
    fix: SETTINGS(registryExample ? "healthRegistryNumber" : "healthRegistryExpiry"),
  });

  list.push(regionCheck(settings, facts.today, registryExample));
  const advertising = advertisingCheck(facts);
  if (advertising) list.push(advertising);
  list.push({
    id: "accesibilidad",
    title: "Declaración de accesibilidad",
    status: "ok",
    detail:
      "La página /accesibilidad sigue el modelo europeo de declaración (las mismas secciones, en el mismo orden), con la fecha de la última revisión y cómo comunicar un problema de accesibilidad.",
    source: SOURCES.accessibility,
    more: [
      {
        text: "Real Decreto 1112/2018, art. 15",
        url: "https://www.boe.es/eli/es/rd/2018/09/07/1112",
      },
    ],
  });

  list.push({
    id: "resenas",
    title: "Información sobre la verificación de las reseñas",
    status: facts.exampleReviewsPublished ? "falta" : "ok",
    detail: facts.exampleReviewsPublished
      ? `Hay ${facts.exampleReviewsPublished} reseñas de ejemplo publicadas: no las ha escrito ningún paciente. Despublícalas o elimínalas (el aviso de la portada ya lo dice).`
      : "Junto a las reseñas públicas, «Cómo verificamos las reseñas» explica qué se comprueba, que todas se moderan y que no se paga por ninguna.",
    source: SOURCES.reviews,
    fix: { href: "/admin/resenas", label: "Abrir Reseñas" },
  });

  list.push({
    id: "odr",
    title: "Sin enlace a la plataforma europea de litigios en línea",
    status: facts.odrLinks.length ? "falta" : "ok",
    detail: facts.odrLinks.length
      ? `Aún hay un enlace a la plataforma cerrada en: ${facts.odrLinks.join(", ")}. Quítalo.`
      : "Ninguna página enlaza a la plataforma cerrada.",
    source: SOURCES.odr,
  });

  const analytics = settings.analyticsEnabled && settings.analyticsMeasurementId !== "";
  list.push({
    id: "cookies",
    title: "Cookies y analítica",
    status: "ok",
    detail: analytics
      ? "Google Analytics solo se carga tras «Aceptar»; el aviso ofrece «Rechazar» con el mismo peso y «Configurar cookies» en el pie permite retirar el consentimiento."
      : "Sin analítica de terceros: la web no guarda cookies opcionales y no necesita aviso.",
    source: SOURCES.cookies,
    fix: SETTINGS("analyticsEnabled"),
  });

  const missing = facts.processors.filter((p) => !facts.privacyText.includes(p.name));
  list.push({
    id: "encargados",
    title: "La política de privacidad nombra a cada encargado del tratamiento",
    status: missing.length ? "falta" : "ok",
    detail: missing.length
      ? `La política de privacidad no nombra: ${missing.map((p) => `${p.name} (${p.role})`).join(", ")}.`
      : facts.processors.length
        ? `Nombra a ${facts.processors.map((p) => `${p.name} (${p.role})`).join(", ")}. Revisa que tienes un contrato de encargado con cada uno.`
        : "No hay servicios externos configurados más allá del alojamiento.",
    source: SOURCES.processors,
  });

  list.push({
    id: "conservacion",
    title: "Plazos de conservación",
    status: "ok",
    detail: `Mensajes: ${facts.retention.messagesMonths} meses. Citas pasadas: ${facts.retention.appointmentsDays} días. Se borran solos y la política de privacidad los indica.`,
    source: SOURCES.retention,
    fix: SETTINGS("messageRetentionMonths"),
  });

  const https = facts.publicUrl.startsWith("https://");
  list.push({
    id: "https",
    title: "La web se sirve por https",
    status: https ? "ok" : "falta",
    detail: https
      ? `PUBLIC_URL es ${facts.publicUrl}.`
      : `La web se abre en ${facts.publicUrl}, sin cifrar: los formularios envían datos de salud y deben ir por https. No se cambia en Ajustes: lo resuelve quien mantiene el servidor.`,
    source: SOURCES.https,
    ...(https
      ? {}
      : {
          server: {
            message: `Hola: la web de mi consulta se abre en ${facts.publicUrl}, sin https. Los formularios envían datos de salud, así que necesito que se sirva por https con un certificado válido y que la variable PUBLIC_URL del servidor sea la dirección https definitiva (lo explica docs/operations.md del programa). ¿Puedes hacerlo y avisarme cuando esté? Gracias.`,
          },
        }),
  });

  list.push({
    id: "correo",
    title: "Envío de correo configurado",
    status: facts.smtpConfigured ? "ok" : "falta",
    detail: facts.smtpConfigured
      ? "Los emails se envían por SMTP."
      : "La web no puede enviar emails: los avisos, las confirmaciones de cita y las respuestas se quedan guardados en el servidor y nadie los recibe. No se cambia en Ajustes: lo resuelve quien mantiene el servidor.",
    source: SOURCES.smtp,
    ...(facts.smtpConfigured
      ? {}
      : {
          server: {
            message: `Hola: la web de mi consulta (${facts.publicUrl}) todavía no envía emails. Necesito que configures el envío de correo en el servidor (la variable SMTP_URL, con el servidor, el usuario y la contraseña de mi proveedor de correo; lo explica docs/operations.md del programa) y que me avises para probarlo con «Enviar un correo de prueba». Gracias.`,
          },
        }),
  });

  list.push(backupCheck(facts));

  list.push({
    id: "promesas",
    title: "Textos sin promesas de resultados",
    status: facts.claims.length ? "revisar" : "ok",
    detail: facts.claims.length
      ? `Revisa: ${facts.claims.map((c) => `${c.where} («${c.words.join("», «")}»)`).join("; ")}.`
      : "Ni los artículos publicados ni los textos de la web prometen resultados.",
    source: SOURCES.claims,
    fix: facts.claims.some((c) => c.where.includes("Textos de la web"))
      ? { href: "/admin/textos", label: "Abrir Textos de la web" }
      : { href: "/admin/blog", label: "Abrir el blog" },
  });
  list.push(impactCheck(facts));

  return list;
}

/** An impact assessment (EIPD) is advisable when she sees minors or works online. */
function impactCheck(facts: Facts): Check {
  const { minors, online } = facts.impact;
  const reasons = [
    minors ? "atiendes a menores (has enviado consentimientos para menores)" : "",
    online ? "ofreces sesiones en línea" : "",
  ].filter(Boolean);
  return {
    id: "eipd",
    title: "Evaluación de impacto en protección de datos (EIPD)",
    status: reasons.length ? "revisar" : "ok",
    detail: reasons.length
      ? `Como ${reasons.join(" y ")}, conviene hacer una evaluación de impacto: datos de salud de personas vulnerables o tratados con nuevas tecnologías. La plantilla ya trae lo que esta web hace por ti; complétala, fírmala y guárdala con tu documentación, y revísala cada año.`
      : "No atiendes a menores ni ofreces sesiones en línea desde la web: no hay nada que la haga especialmente aconsejable. Si empiezas, aquí tendrás la plantilla.",
    source: SOURCES.eipd,
    fix: {
      href: "/admin/estado-legal/plantilla-eipd.pdf",
      label: "Descargar la plantilla de EIPD",
      download: true,
    },
  };
}

const ADVERTISING_FIX = {
  href: "/admin/estado-legal/publicidad",
  label: "Ver los textos autorizados",
};

/**
 * Each public text recorded as authorised advertising: red when it was edited since (it is outside
 * its authorisation) or its authorisation expired, amber within 60 days of the expiry. Shown when
 * a text is recorded or the comunidad asks for prior authorisation.
 */
function advertisingCheck(facts: Facts): Check | null {
  const rule = facts.settings.region ? REGION_RULES[facts.settings.region] : undefined;
  const base = {
    id: "publicidad",
    title: "Textos publicitarios autorizados",
    source: rule?.advertisingAuthorisation ? rule.source : ADVERTISING_BASIS,
    more: rule?.advertisingAuthorisation ? [ADVERTISING_BASIS] : undefined,
    fix: ADVERTISING_FIX,
  };
  const list = facts.advertising;
  if (list.length === 0) {
    if (!rule?.advertisingAuthorisation) return null;
    return {
      ...base,
      status: "revisar",
      detail:
        "Tu comunidad pide autorizar la publicidad sanitaria antes de publicarla. Registra cada texto autorizado (su número y fechas) para que la web muestre el número y te avise si el texto cambia.",
      fix: { ...ADVERTISING_FIX, label: "Registrar un texto autorizado" },
    };
  }
  const changed = list.filter((a) => a.state === "modificado");
  const expired = list.filter((a) => a.state === "caducado" || a.state === "sin-texto");
  const soon = list.filter((a) => a.state === "caduca");
  const names = (items: typeof list) =>
    items.map((a) => `«${a.label}» (nº ${a.number})`).join(", ");
  if (changed.length || expired.length) {
    return {
      ...base,
      status: "falta",
      detail: [
        changed.length
          ? `Texto modificado: requiere nueva autorización: ${names(changed)}. La web ya no muestra su número. Puedes descargar los cambios para enviarlos a la autoridad sanitaria.`
          : "",
        expired.length ? `Autorización caducada o texto borrado: ${names(expired)}.` : "",
      ]
        .filter(Boolean)
        .join(" "),
    };
  }
  if (soon.length) {
    return {
      ...base,
      status: "revisar",
      detail: `Caduca en menos de 60 días: ${soon.map((a) => `«${a.label}» (nº ${a.number}, el ${a.expiresOn.split("-").reverse().join("/")})`).join(", ")}. Pide la renovación a tiempo.`,
    };
  }
  return {
    ...base,
    status: "ok",
    detail: `${list.length === 1 ? "El texto autorizado está" : `Los ${list.length} textos autorizados están`} como se autorizaron y en vigor; cada página muestra su número.`,
  };
}

function regionCheck(settings: Settings, today: string, registryExample: boolean): Check {
  const base = { id: "comunidad", title: "Lo que pide tu comunidad autónoma" };
  if (!settings.region) {
    return {
      ...base,
      status: "revisar",
      detail: "Elige en Ajustes la comunidad autónoma del centro para comprobar lo que pide.",
      source: SOURCES.registry,
      fix: SETTINGS("region"),
    };
  }
  const name = regionName(settings.region);
  const rule = REGION_RULES[settings.region];
  if (!rule) {
    return {
      ...base,
      status: "revisar",
      detail: `${name}: este producto no conoce requisitos de publicidad sanitaria propios; revisa su normativa.`,
      source: SOURCES.registry,
      fix: SETTINGS("region"),
    };
  }
  const { source, more } = rule;
  if (rule.reviewOnly) {
    return {
      ...base,
      status: "revisar",
      detail: `${name} tiene su propia norma de publicidad sanitaria, que este producto todavía no ha leído artículo por artículo: revísala (puede pedir autorización previa de tus textos).`,
      source,
      more,
      fix: SETTINGS("region"),
    };
  }
  if (rule.registryOnEveryPage) {
    return {
      ...base,
      status: registryExample ? "falta" : "revisar",
      detail: registryExample
        ? `${name}: el número de registro debe figurar en la publicidad y falta.`
        : `${name}: el número de registro figura en el pie de todas las páginas. Revisa la norma.`,
      source,
      more,
      fix: SETTINGS("healthRegistryNumber"),
    };
  }
  const number = settings.advertisingAuthNumber.trim();
  if (!number) {
    return {
      ...base,
      status: "falta",
      detail: `${name}: la publicidad sanitaria necesita autorización previa y falta su número.`,
      source,
      more,
      fix: SETTINGS("advertisingAuthNumber"),
    };
  }
  const renewal = expiry(settings.advertisingAuthExpiry, today, "la autorización de publicidad");
  return {
    ...base,
    status: renewal.status === "ok" ? "revisar" : renewal.status,
    detail: `${name}: autorización de publicidad nº ${number}, en el pie de todas las páginas. ${renewal.detail} Revisa la norma.`,
    source,
    more,
    fix: SETTINGS("advertisingAuthExpiry"),
  };
}

/** A drill older than this asks to review: the guided installation runs one every month. */
const DRILL_MAX_DAYS = 35;

function backupCheck(facts: Facts): Check {
  const base = {
    id: "copias",
    title: "Copias de seguridad comprobadas",
    source: SOURCES.backups,
  };
  const { drill } = facts;
  const server = (message: string) => ({ server: { message: `Hola: ${message} Gracias.` } });
  if (!drill) {
    return {
      ...base,
      status: "revisar",
      detail:
        "No consta ninguna prueba de que las copias de seguridad se puedan restaurar. Con la instalación guiada del servidor se hace sola cada mes: un simulacro restaura la última copia en una base de prueba y comprueba que está completa. Si la web está instalada de otra forma, quien mantiene el servidor debe probar a restaurar las copias de vez en cuando. No se cambia en Ajustes: lo resuelve quien mantiene el servidor.",
      ...server(
        `en «Estado legal» de la web de mi consulta (${facts.publicUrl}) no consta ninguna prueba de restauración de las copias de seguridad, y el RGPD (art. 32) pide comprobar con regularidad que funcionan. ¿Puedes comprobar que se hacen copias y probar a restaurar la última? Si el servidor se instaló con la instalación guiada, basta con ejecutar «consulta simulacro»; si no, sigue docs/operations.md del programa. Avísame cuando esté.`,
      ),
    };
  }
  const day = madridDate(Date.parse(drill.at));
  const when = day.split("-").reverse().join("/");
  const age = -daysUntil(day, facts.today);
  if (!drill.ok) {
    return {
      ...base,
      status: "falta",
      detail: `El último simulacro de restauración de las copias (${when}) no salió bien. ${drill.details} Puede que las copias no sirvan para recuperar los datos. No se cambia en Ajustes: lo resuelve quien mantiene el servidor.`,
      ...server(
        `el simulacro de restauración de las copias de seguridad de la web de mi consulta (${facts.publicUrl}) falló el ${when} con este resultado: «${drill.details}». Necesito que revises las copias (con la instalación guiada: «consulta copia» y después «consulta simulacro»; lo explica docs/operations.md del programa) y que me avises cuando el simulacro salga bien.`,
      ),
    };
  }
  if (age > DRILL_MAX_DAYS) {
    return {
      ...base,
      status: "revisar",
      detail: `El último simulacro de restauración de las copias fue el ${when}, hace ${age} días, y salió bien; debería repetirse cada mes. No se cambia en Ajustes: lo resuelve quien mantiene el servidor.`,
      ...server(
        `el último simulacro de restauración de las copias de seguridad de la web de mi consulta (${facts.publicUrl}) es del ${when}, y debería hacerse cada mes. ¿Puedes comprobar por qué no se ha repetido (con la instalación guiada lo hace solo el temporizador consulta-simulacro.timer) y ejecutar «consulta simulacro»? Avísame cuando esté.`,
      ),
    };
  }
  return {
    ...base,
    status: "ok",
    detail: `Último simulacro de restauración: ${when}. ${drill.details}`,
  };
}

/** The last drill's result, or null when there is none or it cannot be read. */
export function lastDrill(dataDir = getEnv().DATA_DIR): Drill | null {
  try {
    const data: unknown = JSON.parse(
      fs.readFileSync(path.join(dataDir, "estado", "simulacro.json"), "utf8"),
    );
    if (typeof data !== "object" || data === null) return null;
    const { at, ok, details } = data as Record<string, unknown>;
    if (typeof at !== "string" || Number.isNaN(Date.parse(at))) return null;
    if (typeof ok !== "boolean" || typeof details !== "string") return null;
    return { at, ok, details };
  } catch {
    return null;
  }
}

const ODR = /ec\.europa\.eu\/consumers\/odr|webgate\.ec\.europa\.eu\/odr/i;

/** Gathers the facts from the database and the server's configuration. */
export async function gatherFacts(
  db: Db,
  /** The privacy policy's HTML for these settings and processors (it is a component). */
  privacyText: (settings: Settings, processors: Processor[]) => string,
  now = new Date(),
): Promise<Facts> {
  const env = getEnv();
  const [settings, booking, feedUrl, published] = await Promise.all([
    getSettings(db),
    getBookingConfig(db),
    busyFeedAddress(db),
    db
      .select({ slug: articles.slug, title: articles.title, content: articles.content })
      .from(articles)
      .where(eq(articles.isPublic, true)),
  ]);
  const processors = configuredProcessors(settings, feedUrl);
  const odrLinks = [
    ...published.filter((a) => ODR.test(a.content)).map((a) => `el artículo «${a.title}»`),
    ...(ODR.test(JSON.stringify(settings)) ? ["Ajustes"] : []),
  ];
  const claims = [
    ...published.map((a) => ({
      where: `el artículo «${a.title}»`,
      text: `${a.title}\n${a.content}`,
    })),
    ...(await Promise.all(
      PAGES.map(async (p) => ({
        where: `«${p.title}» (Textos de la web)`,
        text: pageText(await pageValues(db, p.key)),
      })),
    )),
  ]
    .map(({ where, text }) => ({ where, words: [...new Set(claimFlags(text).map((f) => f.text))] }))
    .filter((c) => c.words.length > 0);
  return {
    settings,
    publicUrl: env.PUBLIC_URL,
    smtpConfigured: Boolean(env.SMTP_URL),
    processors,
    privacyText: privacyText(settings, processors),
    retention: {
      messagesMonths: settings.messageRetentionMonths,
      appointmentsDays: booking.retentionDays,
    },
    odrLinks,
    claims,
    exampleReviewsPublished: await publishedExampleCount(db),
    drill: lastDrill(env.DATA_DIR),
    today: madridDate(now.getTime()),
    advertising: await authorisationStatuses(db, madridDate(now.getTime())),
    impact: {
      minors: await consentForMinorsSent(db),
      online: (await listServices(db, { activeOnly: true })).some((s) => s.modality === "online"),
    },
  };
}

/** Green, amber and red counts (the dashboard's summary). */
export function summary(list: Check[]) {
  return {
    ok: list.filter((c) => c.status === "ok").length,
    revisar: list.filter((c) => c.status === "revisar").length,
    falta: list.filter((c) => c.status === "falta").length,
  };
}
