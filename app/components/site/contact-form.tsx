import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import {
  ContactFields,
  ContactServerBanner,
  successMessage,
} from "~/components/site/contact-fields";
import type { ContactServerResult } from "~/modules/contact/result";
import type { FieldConstraints } from "~/utils/form-schema";
import { checkLazily, type FieldErrors, firstInvalid } from "~/utils/form";
import { notify } from "~/utils/notify";
import { mailtoHref } from "~/modules/contact/mailto";

export type { ContactServerResult };
export { ContactServerBanner };

const FIELDS = ["name", "email", "message", "consent"] as const;

const loadSchema = () => import("~/modules/contact/schema").then((m) => m.ContactSchema);

type Status = { type: "success" | "error" | "info"; message: string } | null;
type Connection = { status: "checking" | "connected" | "error"; message: string };

/** The id the no-JavaScript post returns to (the contact section of the landing page). */
export const CONTACT_SECTION_ID = "contacto";

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
}: {
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
      window.location.href = mailtoHref(practiceEmail, {
        subject: `Mensaje de contacto de ${fields.name}`,
        body: `Nombre: ${fields.name}\nEmail: ${fields.email}\n\n${fields.message}`,
      });
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
  return (
    <div className="flex flex-col gap-4">
      {connection.status === "error" ? (
        <Banner variant="info" title="Información">
          {connection.message}. Si el problema continúa, escríbeme a{" "}
          <a href={mailtoHref(practiceEmail)}>{practiceEmail}</a>.
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
        <ContactFields
          errors={errors}
          values={values}
          constraints={constraints}
          messageHint="Por favor, no incluyas datos clínicos ni de salud: los hablaremos en consulta."
          practiceEmail={practiceEmail}
          professionalName={professionalName}
        />
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
