import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { COLORS } from "~/styles/tokens";

/**
 * The HTML parts of the e-mails, drawn by React like the pages, so every value is escaped.
 * Each has a plain-text twin written next to where it is sent.
 */

/** An e-mail's HTML part: `content` in a plain, readable page. */
function mailHtml(content: ReactNode) {
  const page = (
    <html lang="es">
      <body style={{ fontFamily: "system-ui,sans-serif", color: COLORS.ink, lineHeight: 1.6 }}>
        {content}
      </body>
    </html>
  );
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}

/**
 * Paragraphs and, below them, an optional button link and an optional footer (small lines under
 * a rule: who writes, where, how to reach them).
 */

/**
 * The crisis lines, in every e-mail to a visitor or client (booking, consent, the thanks for a
 * review): whoever writes to the practice may be in crisis (docs/decisions/023-crisis-notice-in-forms.md).
 */
export const CRISIS_LINE =
  "Esto no es un servicio de urgencias. Si estás en una situación de crisis, llama al 024 (atención a la conducta suicida) o al 112.";

export function simpleHtml(
  paragraphs: string[],
  link?: { href: string; label: string },
  footer?: string[],
) {
  return mailHtml(
    <>
      {paragraphs.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      {link ? (
        <p>
          <a
            href={link.href}
            style={{
              display: "inline-block",
              background: COLORS.primary,
              color: COLORS.surface,
              padding: "12px 20px",
              borderRadius: 999,
              textDecoration: "none",
              fontWeight: 600,
            }}
          >
            {link.label}
          </a>
        </p>
      ) : null}
      {footer?.length ? (
        <div
          style={{
            marginTop: 32,
            paddingTop: 12,
            borderTop: `1px solid ${COLORS.border}`,
            color: COLORS.muted,
            fontSize: 14,
          }}
        >
          {footer.map((line, i) => (
            <p key={i} style={{ margin: "4px 0" }}>
              {line}
            </p>
          ))}
        </div>
      ) : null}
    </>,
  );
}

/** To the professional: a message from the contact form (its text only when Ajustes allows). */
export function contactNoticeHtml(notice: {
  intro: string;
  name: string;
  email: string;
  message: string | null;
  inbox: string;
}) {
  return mailHtml(
    <>
      <p>{notice.intro}</p>
      <p>
        <strong>Nombre:</strong> {notice.name}
        <br />
        <strong>Email:</strong> {notice.email}
      </p>
      {notice.message === null ? (
        <p>Por privacidad, el texto del mensaje solo se puede leer en el área de gestión.</p>
      ) : (
        <>
          <p>
            <strong>Mensaje:</strong>
          </p>
          <p style={{ whiteSpace: "pre-wrap" }}>{notice.message}</p>
        </>
      )}
      <p>
        <a href={notice.inbox}>Ver en Mensajes</a>
      </p>
    </>,
  );
}

/** To the professional: a review waiting to be moderated. */
export function reviewNoticeHtml(notice: {
  name: string;
  role: string;
  rating: number;
  content: string;
  link: string;
}) {
  return mailHtml(
    <>
      <p>Se ha recibido una reseña nueva. Está guardada sin publicar hasta que la revises.</p>
      <p>
        <strong>Nombre:</strong> {notice.name}
        <br />
        <strong>Servicio:</strong> {notice.role}
        <br />
        <strong>Valoración:</strong> {notice.rating} de 5
      </p>
      <p style={{ whiteSpace: "pre-wrap" }}>{notice.content}</p>
      <p>
        <a href={notice.link}>Revisar y publicar</a>
      </p>
    </>,
  );
}

/** `value` as these templates write it in an e-mail (to search stored e-mails for it). */
export function asMailHtml(value: string) {
  return renderToStaticMarkup(value);
}
