import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { ContactServerResult } from "~/modules/contact/result";
import type { FieldConstraints } from "~/utils/form-schema";
import { checkLazily, type FieldErrors, firstInvalid } from "~/utils/form";
import { notify } from "~/utils/notify";

export type { ContactServerResult };

const FIELDS = ["name", "email", "message", "consent"] as const;

const loadSchema = () => import("~/modules/contact/schema").then((m) => m.ContactSchema);

type Status = { type: "success" | "error" | "info"; message: string } | null;
type Connection = { status: "checking" | "connected" | "error"; message: string };

/** The practice answers to the visitor's address (nothing is sent to the visitor now). */
const successMessage = (email: string) =>
  `Gracias, he recibido tu mensaje. Te responderé a ${email} lo antes posible.`;

/**
 * A page's clientAction: a server that cannot be reached or fails is not the visitor's mistake;
 * the form then offers the visitor's mail client (the answer says `unreachable`).
 */
export async function withUnreachable<T>(serverAction: () => Promise<T>) {
  try {
    return await serverAction();
  } catch {
    const contact: ContactServerResult = {
      ok: false,
      formError: null,
      fieldErrors: {},
      unreachable: true,
    };
    return { contact };
  }
}

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
  const fieldErrors = Object.keys(result.fieldErrors).length > 0;
  return (
    <Banner variant="error" title="No se pudo enviar el mensaje" className="mb-8">
      {result.formError ?? (fieldErrors ? "Revisa los campos marcados en el formulario." : null)}{" "}
      <a href="#formulario-contacto">Ir al formulario</a>
    </Banner>
  );
}

/**
 * 'Envíame un mensaje' (docs/product.md#contact-form, docs/decisions/009). With JavaScript it
 * posts to the landing page's action through a fetcher and falls back to the visitor's mail
 * client only when the server cannot be reached; without it, the form posts to the same action
 * and the page answers with the same banners.
 */
export function ContactForm({
  practiceEmail,
  professionalName,
  serverResult,
  constraints,
  action = `/?index#${CONTACT_SECTION_ID}`,
  label = "Envíame un mensaje",
  messageHint = "Por favor, no incluyas datos clínicos ni de salud: los hablaremos en consulta.",
}: {
  /** Where the form posts (with the section it returns to without JavaScript). */
  action?: string;
  /** The form's accessible name. */
  label?: string;
  /** The help under 'Mensaje'. */
  messageHint?: string;
  practiceEmail: string;
  professionalName: string;
  serverResult?: ContactServerResult;
  /** The HTML attributes of each field, derived from the contact schema by the loader. */
  constraints: Record<string, FieldConstraints>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<{ contact: ContactServerResult }>();
  const [errors, setErrors] = useState<FieldErrors>(
    serverResult && !serverResult.ok ? serverResult.fieldErrors : {},
  );
  // A server result (posted without JavaScript) is shown by ContactServerBanner instead.
  const [status, setStatus] = useState<Status>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [revealStatus, setRevealStatus] = useState(0);
  const [checking, setChecking] = useState(false);
  const sending = checking || fetcher.state !== "idle";
  const sent = useRef<Record<string, string> | null>(null);
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

  const focusFirstError = (found: FieldErrors) => {
    const first = firstInvalid(found, FIELDS);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const fallbackToMailClient = (fields: Record<string, string>, detail: string) => {
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

  // The action's answer to what this form sent.
  const answer = fetcher.data?.contact;
  useEffect(() => {
    if (!answer || !sent.current) return;
    const fields = sent.current;
    if (answer.unreachable) {
      fallbackToMailClient(fields, "sin respuesta del servidor");
      return;
    }
    if (answer.ok) {
      show({ type: "success", message: successMessage(fields.email ?? "") });
      notify({
        title: "Mensaje enviado",
        description: `Te responderé a ${fields.email} lo antes posible.`,
      });
      formRef.current?.reset();
      setErrors({});
      return;
    }
    setErrors(answer.fieldErrors);
    focusFirstError(answer.fieldErrors);
    const detail = answer.formError ?? "Revisa los campos marcados.";
    const message =
      answer.status === 429
        ? detail
        : `No se pudo enviar el mensaje. Por favor, inténtalo de nuevo. Error: ${detail}`;
    show({ type: "error", message }, Object.keys(answer.fieldErrors).length === 0);
    notify({ type: "error", title: "Error", description: message });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answer]);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    setChecking(true);
    setStatus(null);
    const checked = await checkLazily(loadSchema, values);
    setChecking(false);
    if (checked && !checked.ok) {
      setErrors(checked.fieldErrors);
      focusFirstError(checked.fieldErrors);
      return;
    }
    setErrors({});
    sent.current = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? v.trim() : ""]),
    );
    void fetcher.submit(form, { method: "post", action: form.getAttribute("action")! });
  };

  const values = serverResult && !serverResult.ok ? serverResult.values : undefined;
  const errorsOf = (name: string) => errors[name];
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
        action={action}
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label={label}
      >
        <input type="hidden" name="intent" value="contact" />
        {/* Honeypot: invisible to people; a bot that fills it is thanked and ignored. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="website">No rellenes este campo</label>
          <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <FormField label="Nombre" name="name" required errors={errorsOf("name")}>
          {(field) => (
            <Input
              {...field}
              autoComplete="name"
              {...constraints.name}
              aria-required
              defaultValue={values?.name}
            />
          )}
        </FormField>
        <FormField label="Email" name="email" required errors={errorsOf("email")}>
          {(field) => (
            <Input
              {...field}
              type="email"
              autoComplete="email"
              {...constraints.email}
              aria-required
              defaultValue={values?.email}
            />
          )}
        </FormField>
        <FormField
          label="Mensaje"
          name="message"
          required
          errors={errorsOf("message")}
          description={messageHint}
        >
          {(field) => (
            <Textarea
              {...field}
              {...constraints.message}
              aria-required
              rows={6}
              size="lg"
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
              {...constraints.consent}
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
              {errors.consent?.[0]}
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
