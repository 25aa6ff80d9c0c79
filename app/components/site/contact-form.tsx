import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import {
  CONTACT_LIMITS,
  type ContactErrors,
  readContact,
  validateContact,
} from "~/modules/contact/schema";
import { notify } from "~/utils/notify";

export interface ContactServerResult {
  ok: boolean;
  email?: string;
  errors?: ContactErrors;
  formError?: string | null;
  values?: { name: string; email: string; message: string };
}

type Status = { type: "success" | "error" | "info"; message: string } | null;
type Connection = { status: "checking" | "connected" | "error"; message: string };

/** The practice answers to the visitor's address (nothing is sent to the visitor now). */
const successMessage = (email: string) =>
  `Gracias, he recibido tu mensaje. Te responderé a ${email} lo antes posible.`;

/** The id the no-JavaScript post returns to (the contact section of the landing page). */
export const CONTACT_SECTION_ID = "contacto";

/**
 * The result of a post made without JavaScript. The page comes back scrolled to the contact
 * section, so the landing page shows this at the section's top, where the visitor is looking
 * (the form's own banner sits by its button, a screen further down on a phone).
 */
export function ContactServerBanner({ result }: { result?: ContactServerResult }) {
  if (!result) return null;
  if (result.ok) {
    return (
      <Banner variant="success" title="Mensaje enviado" className="mb-8">
        {successMessage(result.email ?? "")}
      </Banner>
    );
  }
  const fieldErrors = Object.keys(result.errors ?? {}).length > 0;
  return (
    <Banner variant="error" title="No se pudo enviar el mensaje" className="mb-8">
      {result.formError ?? (fieldErrors ? "Revisa los campos marcados en el formulario." : null)}{" "}
      <a href="#formulario-contacto">Ir al formulario</a>
    </Banner>
  );
}

/**
 * 'Envíame un mensaje' (spec §2, §4, §8; D11–D14). With JavaScript it posts to /api/contacto and
 * falls back to the visitor's mail client only when the server cannot be reached; without it,
 * the form posts to the landing page and the page answers with the same banners.
 */
export function ContactForm({
  practiceEmail,
  professionalName,
  serverResult,
}: {
  practiceEmail: string;
  professionalName: string;
  serverResult?: ContactServerResult;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ContactErrors>(serverResult?.errors ?? {});
  // A server result (posted without JavaScript) is shown by ContactServerBanner instead.
  const [status, setStatus] = useState<Status>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [revealStatus, setRevealStatus] = useState(0);
  const [sending, setSending] = useState(false);
  const [connection, setConnection] = useState<Connection>({
    status: "checking",
    message: "Verificando conexión...",
  });

  useEffect(() => {
    const controller = new AbortController();
    fetch("/healthz", { signal: controller.signal, cache: "no-store" })
      // The body is read to its end: an unread body keeps the request open, and the page never
      // reaches network idle (a browser or tool waiting for it would wait forever).
      .then(async (res) => {
        await res.text();
        return res;
      })
      .then((res) =>
        setConnection(
          res.ok
            ? {
                status: "connected",
                message: "Conexión establecida correctamente. El sistema de contacto está listo.",
              }
            : {
                status: "error",
                message: `Error de conexión: el servidor respondió ${res.status}`,
              },
        ),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setConnection({
            status: "error",
            message: `Error de conexión: ${error instanceof Error ? error.message : "sin respuesta"}`,
          });
        }
      });
    return () => controller.abort();
  }, []);

  // The result appears by the button the visitor just pressed; on a small screen it is scrolled
  // into view (only when no field needs fixing: then focus goes to that field instead).
  useEffect(() => {
    if (revealStatus === 0) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    statusRef.current?.scrollIntoView({ block: "nearest", behavior: reduce ? "auto" : "smooth" });
  }, [revealStatus]);
  const show = (next: Status, reveal = true) => {
    setStatus(next);
    if (reveal) setRevealStatus((n) => n + 1);
  };

  const focusFirstError = (found: ContactErrors) => {
    const first = (["name", "email", "message", "consent"] as const).find((k) => found[k]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const fallbackToMailClient = (
    fields: { name: string; email: string; message: string },
    detail: string,
  ) => {
    show({ type: "info", message: "Usando método alternativo de envío..." });
    try {
      const subject = encodeURIComponent(`Mensaje de contacto de ${fields.name}`);
      const body = encodeURIComponent(
        `Nombre: ${fields.name}\nEmail: ${fields.email}\n\n${fields.message}`,
      );
      window.location.href = `mailto:${practiceEmail}?subject=${subject}&body=${body}`;
      show({
        type: "success",
        message:
          "Mensaje preparado para envío. Por favor, completa el envío desde tu cliente de correo.",
      });
      notify({ title: "Mensaje preparado" });
      formRef.current?.reset();
    } catch {
      const message = `No se pudo enviar el mensaje. Por favor, inténtalo de nuevo. Error: No se pudo enviar el mensaje por ningún método (${detail})`;
      show({ type: "error", message });
      notify({ type: "error", title: "Error", description: message });
    }
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const raw = Object.fromEntries(new FormData(form));
    const input = readContact(raw);
    const found = validateContact(input);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus(null);
      focusFirstError(found);
      return;
    }
    setSending(true);
    setStatus(null);
    try {
      let res: Response;
      try {
        res = await fetch("/api/contacto", {
          method: "POST",
          body: new URLSearchParams(raw as Record<string, string>),
          headers: { Accept: "application/json" },
        });
      } catch (error) {
        fallbackToMailClient(input, error instanceof Error ? error.message : "sin conexión");
        return;
      }
      if (res.status >= 500) {
        fallbackToMailClient(input, `error ${res.status}`);
        return;
      }
      const body = (await res.json().catch(() => ({}))) as ContactServerResult;
      if (res.ok && body.ok) {
        show({ type: "success", message: successMessage(input.email) });
        notify({
          title: "Mensaje enviado",
          description: `Te responderé a ${input.email} lo antes posible.`,
        });
        form.reset();
        setErrors({});
        return;
      }
      const fieldErrors = body.errors ?? {};
      setErrors(fieldErrors);
      focusFirstError(fieldErrors);
      const detail = body.formError ?? "Revisa los campos marcados.";
      const message =
        res.status === 429
          ? detail
          : `No se pudo enviar el mensaje. Por favor, inténtalo de nuevo. Error: ${detail}`;
      show({ type: "error", message }, Object.keys(fieldErrors).length === 0);
      notify({ type: "error", title: "Error", description: message });
    } finally {
      setSending(false);
    }
  };

  const values = serverResult && !serverResult.ok ? serverResult.values : undefined;
  return (
    <div className="flex flex-col gap-4">
      {connection.status === "error" ? (
        <Banner variant="info" title="Información">
          {connection.message}. Si el problema continúa, escríbeme a{" "}
          <a href={`mailto:${practiceEmail}`}>{practiceEmail}</a>.
        </Banner>
      ) : null}
      <form
        ref={formRef}
        id="formulario-contacto"
        method="post"
        // Without JavaScript the page that answers comes back at the contact section.
        action={`/?index#${CONTACT_SECTION_ID}`}
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Envíame un mensaje"
      >
        <input type="hidden" name="intent" value="contact" />
        {/* Honeypot: invisible to people; a bot that fills it is thanked and ignored. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="website">No rellenes este campo</label>
          <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <FormField
          label="Nombre"
          name="name"
          required
          errors={errors.name ? [errors.name] : undefined}
        >
          {(field) => (
            <Input
              {...field}
              autoComplete="name"
              required
              aria-required
              maxLength={CONTACT_LIMITS.name + 20}
              defaultValue={values?.name}
            />
          )}
        </FormField>
        <FormField
          label="Email"
          name="email"
          required
          errors={errors.email ? [errors.email] : undefined}
        >
          {(field) => (
            <Input
              {...field}
              type="email"
              autoComplete="email"
              required
              aria-required
              maxLength={CONTACT_LIMITS.email + 20}
              defaultValue={values?.email}
            />
          )}
        </FormField>
        <FormField
          label="Mensaje"
          name="message"
          required
          errors={errors.message ? [errors.message] : undefined}
          description="Por favor, no incluyas datos clínicos ni de salud: los hablaremos en consulta."
        >
          {(field) => (
            <Textarea
              {...field}
              required
              aria-required
              rows={6}
              className="min-h-[140px]"
              maxLength={CONTACT_LIMITS.message + 100}
              defaultValue={values?.message}
            />
          )}
        </FormField>
        <div className="rounded-field bg-sand p-4 text-sm text-ink-soft">
          <p>
            <strong>Protección de datos.</strong> Responsable: {professionalName}. Finalidad:
            responder a tu consulta. Base: tu consentimiento. Tus datos no se ceden a terceros.
            Puedes acceder, rectificar y suprimir tus datos y ejercer otros derechos escribiendo a{" "}
            <a className="underline" href={`mailto:${practiceEmail}`}>
              {practiceEmail}
            </a>
            . Más información en la{" "}
            <Link className="underline" to="/privacidad">
              política de privacidad
            </Link>
            .
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 items-start gap-3">
            <Checkbox
              name="consent"
              required
              aria-required
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? "consent-error" : undefined}
              className="mt-1"
            />
            <span>
              He leído y acepto la{" "}
              <Link className="font-semibold text-primary underline" to="/privacidad">
                política de privacidad
              </Link>{" "}
              y consiento el tratamiento de mis datos para recibir respuesta.
            </span>
          </label>
          {errors.consent ? (
            <p id="consent-error" role="alert" className="text-sm text-danger">
              {errors.consent}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="accent" size="lg" disabled={sending} className="self-start">
          {sending ? "Enviando..." : "Enviar mensaje"}
        </Button>
        {status ? (
          <div ref={statusRef} className="scroll-mb-4">
            <Banner variant={status.type} role={status.type === "error" ? "alert" : "status"}>
              {status.message}
            </Banner>
          </div>
        ) : null}
      </form>
    </div>
  );
}
