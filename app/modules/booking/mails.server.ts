import type { appointments } from "~/db/schema";
import type { MailMessage } from "~/platform/mail/mail.server";
import { CRISIS_LINE, simpleHtml } from "~/platform/mail/templates";
import { publicSettings } from "~/modules/settings/defaults";
import type { Settings } from "~/modules/settings/schemas";
import { getEnv } from "~/utils/env.server";
import { appointmentIcs, appointmentsIcs } from "./ics.server";
import { HOLD_MINUTES } from "./messages";
import { appointmentWhenText } from "./when";

type Row = typeof appointments.$inferSelect;

/** Where the session takes place, as the client reads it. */
export function appointmentPlace(row: Pick<Row, "modality">, settings: Settings) {
  return row.modality === "online"
    ? "En línea: el enlace de la videollamada está en la página de tu cita."
    : `${settings.partnerCentreName}, ${settings.partnerCentreAddress}`;
}

/** An e-mail to the practice (a notice): the paragraphs and, optionally, a link. */
export function practiceMail(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
  attachments?: MailMessage["attachments"],
): MailMessage {
  const text = [...paragraphs, ...(link ? ["", `${link.label}: ${link.href}`] : [])].join("\n");
  return { to, subject, text, html: simpleHtml(paragraphs, link), attachments };
}

/**
 * The footer of every e-mail to a client: who writes, where the practice is and its phone, and
 * the crisis lines (booking is not an emergency service).
 */
export function clientMailFooter(settings: Settings) {
  // As the public pages show them: an example value from a new install is left out.
  const shown = publicSettings(settings);
  const place = [shown.partnerCentreName, shown.partnerCentreAddress].filter(Boolean).join(", ");
  const reach = [place, shown.contactPhone ? `Tel. ${shown.contactPhone}` : "", shown.contactEmail]
    .filter(Boolean)
    .join(" · ");
  return [`${settings.professionalName} · ${settings.professionalTitle}`, reach, CRISIS_LINE];
}

/**
 * An e-mail to a client: from the professional's name (Ajustes; the address stays MAIL_FROM's),
 * with the footer of clientMailFooter in both parts.
 */
export function clientMail(
  settings: Settings,
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
  attachments?: MailMessage["attachments"],
): MailMessage {
  const footer = clientMailFooter(settings);
  const text = [
    ...paragraphs,
    ...(link ? ["", `${link.label}: ${link.href}`] : []),
    "",
    "-- ",
    ...footer,
  ].join("\n");
  return {
    to,
    subject,
    text,
    html: simpleHtml(paragraphs, link, footer),
    attachments,
    fromName: settings.professionalName,
  };
}

/**
 * The e-mails of one appointment. The client's carry a link with a token (never the person's
 * name or e-mail in a URL); the practice's notices name no client at all: they point to the
 * agenda, where staff signed in read the details.
 */
export function appointmentMails(row: Row, settings: Settings) {
  const url = getEnv().PUBLIC_URL;
  const when = appointmentWhenText(row.startsAt);
  const what = `${row.serviceName} · ${when}`;
  const place = `Lugar: ${appointmentPlace(row, settings)}`;
  const manageLink = (token: string) => ({
    href: `${url}/cita/gestionar?token=${token}`,
    label: "Ver, cancelar o cambiar la cita",
  });
  const agenda = { href: `${url}/admin/citas`, label: "Abrir la agenda" };
  /** The appointment for the client's calendar (its status says booked, tentative or cancelled). */
  const ics = () => [appointmentIcs(row, appointmentPlace(row, settings), settings.siteName)];
  return {
    confirmHold: (token: string) =>
      clientMail(
        settings,
        row.clientEmail,
        "Confirma tu cita",
        [
          `Hola, ${row.clientName}:`,
          `Has pedido cita: ${what}.`,
          `Para que la cita quede confirmada, abre el enlace de abajo en los próximos ${HOLD_MINUTES} minutos. Si no lo abres, la hora vuelve a quedar libre.`,
          "Si no has pedido esta cita, ignora este mensaje.",
        ],
        { href: `${url}/cita/confirmar?token=${token}`, label: "Confirmar la cita" },
      ),
    requestReceived: (token: string) =>
      clientMail(
        settings,
        row.clientEmail,
        "Hemos recibido tu solicitud de cita",
        [
          `Hola, ${row.clientName}:`,
          `Hemos recibido tu solicitud: ${what}.`,
          "Te escribiremos en cuanto la revisemos para confirmarla o proponerte otra hora.",
          "El archivo adjunto la añade a tu calendario como pendiente de confirmar.",
        ],
        manageLink(token),
        ics(),
      ),
    confirmed: (token: string) =>
      clientMail(
        settings,
        row.clientEmail,
        "Tu cita está confirmada",
        [`Hola, ${row.clientName}:`, `Tu cita está confirmada: ${what}.`, place],
        manageLink(token),
        ics(),
      ),
    newRequestNotice: () =>
      practiceMail(
        settings.contactEmail,
        "Nueva solicitud de cita",
        [
          `Hay una solicitud de cita nueva para el ${when} (${row.serviceName}).`,
          "Acéptala o recházala desde la agenda.",
        ],
        agenda,
      ),
    reminder: (token: string) =>
      clientMail(
        settings,
        row.clientEmail,
        "Recordatorio de tu cita",
        [
          `Hola, ${row.clientName}:`,
          `Te recordamos tu cita: ${what}.`,
          place,
          "Si no puedes venir, cancélala o pide un cambio desde el enlace (sustituye a los de correos anteriores).",
        ],
        manageLink(token),
        ics(),
      ),
    cancelledByClient: () =>
      clientMail(
        settings,
        row.clientEmail,
        "Tu cita se ha cancelado",
        [
          `Hola, ${row.clientName}:`,
          `Hemos cancelado tu cita: ${what}.`,
          "Si quieres otra, puedes pedirla de nuevo en la web cuando quieras.",
        ],
        undefined,
        ics(),
      ),
    declined: (message: string) =>
      clientMail(
        settings,
        row.clientEmail,
        "No podemos atender tu solicitud de cita",
        [
          `Hola, ${row.clientName}:`,
          `Lo sentimos: no podemos atender tu solicitud (${what}).`,
          ...(message ? [message] : []),
          "Puedes elegir otra hora en la web cuando quieras.",
        ],
        { href: `${url}/cita`, label: "Pedir otra cita" },
        ics(),
      ),
    cancelledByPractice: (message: string) =>
      clientMail(
        settings,
        row.clientEmail,
        "Tu cita se ha cancelado",
        [
          `Hola, ${row.clientName}:`,
          `Tenemos que cancelar tu cita: ${what}. Disculpa las molestias.`,
          ...(message ? [message] : []),
          "Puedes elegir otra hora en la web cuando quieras.",
        ],
        { href: `${url}/cita`, label: "Pedir otra cita" },
        ics(),
      ),
    cancelledNotice: () =>
      practiceMail(
        settings.contactEmail,
        "Cita cancelada",
        [`Se ha cancelado la cita del ${when} (${row.serviceName}). La hora vuelve a estar libre.`],
        agenda,
      ),
    changeRequestNotice: () =>
      practiceMail(
        settings.contactEmail,
        "Petición de cambio de cita",
        [
          `Piden cambiar la cita del ${when} (${row.serviceName}).`,
          "El mensaje y los datos están en la agenda.",
        ],
        agenda,
      ),
    moved: (before: Date, token: string, message: string) =>
      clientMail(
        settings,
        row.clientEmail,
        "Tu cita cambia de hora",
        [
          `Hola, ${row.clientName}:`,
          `Hemos cambiado la hora de tu cita (${row.serviceName}).`,
          `Antes: ${appointmentWhenText(before)}.`,
          `Ahora: ${when}.`,
          ...(message ? [message] : []),
          place,
          "Si la nueva hora no te va bien, cancélala o pide otro cambio desde el enlace (sustituye a los de correos anteriores).",
        ],
        manageLink(token),
        ics(),
      ),
    newBookingNotice: () =>
      practiceMail(
        settings.contactEmail,
        "Nueva cita confirmada",
        [`Se ha confirmado una cita para el ${when} (${row.serviceName}).`],
        agenda,
      ),
  };
}

/**
 * A series booked by staff, in one e-mail: every session with its own link (each appointment can
 * be cancelled or moved on its own) and one calendar file with all of them.
 */
export function seriesMail(sessions: { row: Row; token: string }[], settings: Settings) {
  const url = getEnv().PUBLIC_URL;
  const first = sessions[0]!.row;
  const lines = sessions.map(
    ({ row, token }) =>
      `· ${appointmentWhenText(row.startsAt)}. Ver, cancelar o cambiar: ${url}/cita/gestionar?token=${token}`,
  );
  return clientMail(
    settings,
    first.clientEmail,
    "Tus próximas citas",
    [
      `Hola, ${first.clientName}:`,
      `Hemos reservado estas ${sessions.length} sesiones (${first.serviceName}):`,
      ...lines,
      `Lugar: ${appointmentPlace(first, settings)}`,
      "El archivo adjunto las añade a tu calendario. Cada cita tiene su enlace para cancelarla o pedir un cambio.",
    ],
    undefined,
    [
      appointmentsIcs(
        sessions.map((s) => s.row),
        appointmentPlace(first, settings),
        settings.siteName,
      ),
    ],
  );
}
