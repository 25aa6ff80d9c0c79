import { Download, Mail, Reply, Search, Trash2 } from "lucide-react";
import { SEARCH_MAX } from "~/utils/search";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { database } from "~/context";
import { audit } from "~/modules/accounts/audit.server";
import { clientInfo, requireRecentAuth, requireUser } from "~/modules/accounts/guard.server";
import { can } from "~/modules/accounts/roles";
import {
  deleteMessage,
  getMessage,
  listMessages,
  markMessageRead,
  setAnswered,
  unreadCount,
} from "~/modules/contact/contact.server";
import { mailtoHref } from "~/modules/contact/mailto";
import { ADDRESS_INVALID, looksLikeAddress, normalizeAddress } from "~/modules/privacy/address";
import { addressFingerprint, erasePersonalData } from "~/modules/privacy/rgpd.server";
import { outboxProblems, retryMail } from "~/modules/mail/outbox.server";
import { parsePage } from "~/utils/pagination";
import { cn } from "~/utils/cn";
import { plural } from "~/utils/format";
import { formatShortDateTime } from "~/utils/format-time";
import { backTo, parseId, readForm } from "~/utils/form";
import { failure } from "~/utils/action.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [
  { title: "Mensajes | Área de Gestión" },
  { name: "robots", content: "noindex, nofollow" },
];

/** Showing the inbox or a message changes nothing: marking read is a POST (intent=read). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "messages.read");
  const db = await database(context);
  const q = url.searchParams.get("q") ?? "";
  const page = parsePage(url.searchParams.get("pagina")) ?? 1;
  const id = parseId(url.searchParams.get("id"));
  const selected = id === null ? null : await getMessage(db, id);
  const may = {
    delete: can(user.role, "messages.delete"),
    retryMail: can(user.role, "mail.retry"),
    privacyRequests: can(user.role, "privacy.requests"),
  };
  return {
    ...(await listMessages(db, { q, page })),
    selected,
    unread: await unreadCount(db),
    may,
    outbox: may.retryMail ? await outboxProblems(db) : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "messages.read");
  const db = await database(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!["read", "answered", "delete", "erase", "retry"].includes(String(intent))) {
    return failure({ status: 400, formError: "Acción no válida" });
  }
  const id = parseId(form.get("id"));
  const back = backTo("/admin/mensajes", form.get("back"));
  if (intent === "read") {
    if (id === null || !(await markMessageRead(db, id))) {
      return failure({ status: 404, formError: NOT_FOUND.message, intent: "read" });
    }
    // The page posts this with a fetcher once the message is shown; without JavaScript it is
    // the 'Marcar como leído' button.
    if (form.get("auto") === "1") return { ok: true as const };
    return redirectWithToast(back, { title: "Marcado como leído" });
  }
  if (intent === "answered") {
    if (id === null || !(await setAnswered(db, id, form.get("value") === "1"))) {
      return failure({ status: 404, formError: NOT_FOUND.message, intent: "answered" });
    }
    return redirectWithToast(back, {
      title: form.get("value") === "1" ? "Marcado como respondido" : "Marcado como pendiente",
    });
  }
  const ip = clientInfo(request, context).ip;
  if (intent === "delete") {
    await requireUser(request, context, "messages.delete");
    if (id === null || !(await deleteMessage(db, id))) {
      return failure({ status: 404, formError: NOT_FOUND.message, intent: "delete" });
    }
    await audit(db, { action: "message_deleted", actor: user, target: String(id), ip });
    return redirectWithToast("/admin/mensajes", { title: "Mensaje eliminado" });
  }
  if (intent === "erase") {
    await requireUser(request, context, "privacy.requests");
    // RGPD art. 17: messages, appointments, queued or sent e-mails and their .eml copies (rgpd.server.ts),
    // after a password (+ code) from the last 10 minutes.
    await requireRecentAuth(request, context, user);
    const email = normalizeAddress(form.get("email"));
    if (!looksLikeAddress(email)) {
      return failure({ status: 400, fieldErrors: { email: [ADDRESS_INVALID] }, intent: "erase" });
    }
    const erased = await erasePersonalData(db, email);
    await audit(db, {
      action: "messages_erased",
      actor: user,
      target: addressFingerprint(email),
      details: erased,
      ip,
    });
    return redirectWithToast("/admin/mensajes", {
      title: "Datos suprimidos",
      description: `Se han eliminado ${erased.messages} mensajes, ${erased.appointments} citas, ${erased.reviews} reseñas, ${erased.mails} emails y ${erased.files} copias .eml de ${email}.`,
      ...(erased.failedFiles > 0
        ? { type: "error" as const, title: "Datos suprimidos en parte" }
        : {}),
    });
  }
  if (intent === "retry") {
    await requireUser(request, context, "mail.retry");
    const outboxId = parseId(form.get("outboxId"));
    if (outboxId === null || !(await retryMail(db, outboxId))) {
      return failure({ status: 404, formError: NOT_FOUND.mail, intent: "retry" });
    }
    await audit(db, { action: "mail_retried", actor: user, target: String(outboxId), ip });
    return redirectWithToast("/admin/mensajes", { title: "Reintento programado" });
  }
  return failure({ status: 400, formError: "Acción no válida" });
}

/** What an intent answers when its record is gone (deleted, or erased, in another tab). */
const NOT_FOUND = {
  message: "Ese mensaje ya no existe: puede que se haya eliminado.",
  mail: "Ese email ya no está en la cola: puede que ya se haya enviado o eliminado.",
};

export default function MessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, q, selected, unread, may, outbox } = loaderData;
  const busy = useNavigation().state === "submitting";
  // Opening a message marks it read, by a POST once it is on screen (never by the GET itself,
  // so a link from elsewhere, a prefetch or a revalidation cannot hide a new message).
  const reader = useFetcher<typeof action>();
  // What an intent refused (the page's form or the automatic 'read'): an address under its
  // field, anything else at the top of the page.
  const refused = [actionData, reader.data].find((answer) => answer && !answer.ok);
  const failed = refused && !refused.ok ? refused : undefined;
  const unreadId = selected && !selected.readAt ? selected.id : null;
  useEffect(() => {
    if (unreadId === null) return;
    void reader.submit({ intent: "read", id: String(unreadId), auto: "1" }, { method: "post" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per message shown
  }, [unreadId]);
  const [eraseEmail, setEraseEmail] = useState("");
  // The server's message for the address, until the address changes or the browser finds another.
  const refusedAddress =
    (actionData && !actionData.ok && actionData.fieldErrors.email?.[0]) || null;
  const [eraseError, setEraseError] = useState(refusedAddress);
  const [answered, setAnswered] = useState(actionData);
  if (actionData !== answered) {
    setAnswered(actionData);
    setEraseError(refusedAddress);
  }
  const eraseInput = useRef<HTMLInputElement>(null);
  // Erasing asks first (ConfirmAction); an address the server would refuse is said at the field.
  const eraseAddressOk = () => {
    const ok = looksLikeAddress(normalizeAddress(eraseEmail));
    setEraseError(ok ? null : ADDRESS_INVALID);
    if (!ok) eraseInput.current?.focus();
    return ok;
  };
  const query = (extra: Record<string, string | number>) => {
    const p = new URLSearchParams();
    if (q) p.set("q", q);
    for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
    return p.toString();
  };
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-h1">Mensajes</h1>
        <p className="mt-1 text-muted">
          {plural(total, "mensaje", "mensajes")} · {unread} sin leer. Se conservan el plazo indicado
          en Ajustes y después se eliminan automáticamente.
        </p>
      </div>
      {failed?.formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {failed.formError}
        </p>
      ) : null}
      <Form method="get" role="search" className="flex max-w-xl gap-2">
        <label htmlFor="buscar-mensajes" className="sr-only">
          Buscar por nombre o email
        </label>
        <Input
          id="buscar-mensajes"
          name="q"
          type="search"
          maxLength={SEARCH_MAX}
          defaultValue={q}
          placeholder="Buscar por nombre o email"
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" /> Buscar
        </Button>
      </Form>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <section aria-label="Lista de mensajes">
          {items.length === 0 ? (
            <p className="rounded-card border border-border bg-surface p-6 text-muted">
              No hay mensajes{q ? " que coincidan con la búsqueda" : " todavía"}.
            </p>
          ) : (
            <ul className="divide-y divide-border rounded-card border border-border bg-surface shadow-soft">
              {items.map((m) => (
                <li key={m.id}>
                  <Link
                    to={`?${query({ id: m.id, pagina: page })}`}
                    aria-current={selected?.id === m.id ? "true" : undefined}
                    className={cn(
                      "flex flex-col gap-1 p-4 no-underline hover:bg-paper",
                      selected?.id === m.id && "bg-primary-soft",
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className={cn(!m.readAt && "font-bold")}>{m.name}</span>
                      <span className="text-sm text-muted">{formatShortDateTime(m.createdAt)}</span>
                    </span>
                    <span className="text-sm text-muted">{m.email}</span>
                    <span className="flex gap-2">
                      {!m.readAt ? <Badge variant="primary">Sin leer</Badge> : null}
                      {m.answeredAt ? <Badge variant="success">Respondido</Badge> : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {pageCount > 1 ? (
            <nav aria-label="Paginación" className="mt-4 flex items-center gap-3">
              {page > 1 ? (
                <Link className="underline" to={`?${query({ pagina: page - 1 })}`}>
                  Anterior
                </Link>
              ) : null}
              <span className="text-muted">
                Página {page} de {pageCount}
              </span>
              {page < pageCount ? (
                <Link className="underline" to={`?${query({ pagina: page + 1 })}`}>
                  Siguiente
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
        <section aria-label="Mensaje seleccionado">
          {selected ? (
            <article className="rounded-card border border-border bg-surface p-6 shadow-soft">
              <h2 className="text-h3">{selected.name}</h2>
              <p className="text-muted">
                <a className="underline" href={mailtoHref(selected.email)}>
                  {selected.email}
                </a>{" "}
                · {formatShortDateTime(selected.createdAt)}
              </p>
              <p className="mt-4 whitespace-pre-wrap break-words">{selected.message}</p>
              <div className="mt-6 flex flex-wrap gap-2">
                <a
                  href={mailtoHref(selected.email, { subject: "Re: tu mensaje" })}
                  className={buttonVariants({ variant: "primary" })}
                >
                  <Reply aria-hidden="true" /> Responder por email
                </a>
                {!selected.readAt && reader.state === "idle" && !reader.data ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={selected.id} />
                    <input
                      type="hidden"
                      name="back"
                      value={query({ id: selected.id, pagina: page })}
                    />
                    <Button type="submit" variant="secondary" disabled={busy}>
                      Marcar como leído
                    </Button>
                  </Form>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="intent" value="answered" />
                  <input type="hidden" name="id" value={selected.id} />
                  <input type="hidden" name="value" value={selected.answeredAt ? "0" : "1"} />
                  <input
                    type="hidden"
                    name="back"
                    value={query({ id: selected.id, pagina: page })}
                  />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    <Mail aria-hidden="true" />
                    {selected.answeredAt ? "Marcar como pendiente" : "Marcar como respondido"}
                  </Button>
                </Form>
                {may.delete ? (
                  <ConfirmAction
                    title="Eliminar mensaje"
                    description={
                      <>
                        Se eliminará el mensaje de {selected.name}. Esta acción no se puede
                        deshacer.
                      </>
                    }
                    fields={{ intent: "delete", id: selected.id }}
                    trigger={
                      <Button variant="ghost-danger">
                        <Trash2 aria-hidden="true" /> Eliminar
                      </Button>
                    }
                  />
                ) : null}
              </div>
            </article>
          ) : (
            <p className="rounded-card border border-dashed border-border-strong p-6 text-muted">
              Elige un mensaje de la lista para leerlo.
            </p>
          )}
        </section>
      </div>

      {may.retryMail ? (
        <section
          aria-labelledby="envios"
          className="rounded-card border border-border bg-surface p-6 shadow-soft"
        >
          <h2 id="envios" className="text-h3">
            Emails pendientes o fallidos
          </h2>
          {outbox.length === 0 ? (
            <p className="mt-2 text-muted">Todos los emails se han entregado.</p>
          ) : (
            <ul className="mt-3 divide-y divide-border">
              {outbox.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-semibold">{o.subject}</p>
                    <p className="text-sm text-muted">
                      Para {o.to} · {plural(o.attempts, "intento", "intentos")} ·{" "}
                      {o.status === "failed" ? "Fallido" : "Pendiente"}
                      {o.lastError ? ` · ${o.lastError}` : ""}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="outboxId" value={o.id} />
                    <Button type="submit" size="sm" variant="secondary">
                      Reintentar
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {may.privacyRequests ? (
        <section
          aria-labelledby="derechos"
          className="rounded-card border border-border bg-surface p-6 shadow-soft"
        >
          <h2 id="derechos" className="text-h3">
            Derechos de protección de datos
          </h2>
          <p className="mt-1 text-muted">
            Exporta (art. 15 RGPD) o suprime (art. 17 RGPD) todo lo que se guarda de una dirección:
            sus mensajes de contacto, sus citas, sus reseñas con invitación y todos los emails sobre
            ellos, también los avisos a la consulta (en la cola y sus copias .eml). Las reseñas sin
            invitación no guardan email: si la persona escribió una, elimínala en Reseñas. Queda
            registrado.
          </p>
          <div className="mt-4 flex flex-wrap gap-6">
            <Form
              method="post"
              action="/admin/mensajes/exportar"
              reloadDocument
              className="flex items-end gap-2"
            >
              <div className="flex flex-col gap-1">
                <label htmlFor="exportar" className="font-semibold">
                  Email
                </label>
                <Input id="exportar" name="email" type="email" required />
              </div>
              <Button type="submit" variant="secondary">
                <Download aria-hidden="true" /> Exportar JSON
              </Button>
            </Form>
            <div className="flex flex-col gap-1">
              <div className="flex items-end gap-2">
                <div className="flex flex-col gap-1">
                  <label htmlFor="suprimir" className="font-semibold">
                    Email
                  </label>
                  <Input
                    ref={eraseInput}
                    id="suprimir"
                    type="email"
                    value={eraseEmail}
                    aria-invalid={eraseError ? true : undefined}
                    aria-describedby={eraseError ? "suprimir-error" : undefined}
                    onChange={(e) => {
                      setEraseEmail(e.target.value);
                      setEraseError(null);
                    }}
                  />
                </div>
                <ConfirmAction
                  title="Suprimir datos"
                  description={
                    <>
                      Se eliminarán todos los mensajes de{" "}
                      <strong className="wrap-anywhere">{eraseEmail.trim()}</strong>, los emails que
                      los mencionan y sus copias .eml. Esta acción no se puede deshacer.
                    </>
                  }
                  fields={{ intent: "erase", email: eraseEmail.trim() }}
                  confirmLabel="Suprimir"
                  check={eraseAddressOk}
                  trigger={<Button variant="danger">Suprimir datos</Button>}
                />
              </div>
              {eraseError ? (
                <p id="suprimir-error" role="alert" className="text-sm text-danger">
                  {eraseError}
                </p>
              ) : null}
            </div>
          </div>
        </section>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
