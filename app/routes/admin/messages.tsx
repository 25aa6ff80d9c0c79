import { Search } from "lucide-react";
import { SEARCH_MAX } from "~/utils/search";
import { useEffect } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { MessageList } from "~/components/admin/messages/message-list";
import { MessageView } from "~/components/admin/messages/message-view";
import { OutboxProblems } from "~/components/admin/messages/outbox-problems";
import { PrivacyRequests } from "~/components/admin/messages/privacy-requests";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { database } from "~/context";
import { audit } from "~/platform/audit.server";
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
import { ADDRESS_INVALID, looksLikeAddress, normalizeAddress } from "~/modules/privacy/address";
import { addressFingerprint, erasePersonalData } from "~/modules/privacy/rgpd.server";
import { outboxProblems, retryMail } from "~/platform/mail/outbox.server";
import { parsePage } from "~/utils/pagination";
import { plural } from "~/utils/format";
import { backTo, parseId, readForm } from "~/utils/form";
import { CONSENT_RETENTION_YEARS } from "~/modules/consent/retention";
import { formatLongDay } from "~/utils/format-time";
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
    sendConsent: can(user.role, "consent.manage"),
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
      details: {
        ...erased,
        consents: { erased: erased.consents.erased, kept: erased.consents.kept },
      },
      ip,
    });
    // Signed consents are clinical documentation: the law keeps them, and the answer says so.
    const kept = erased.consents.kept
      ? ` Se conservan ${erased.consents.kept} consentimientos firmados${erased.consents.keptUntil ? ` hasta el ${formatLongDay(erased.consents.keptUntil)}` : ""}: la ley obliga a guardarlos ${CONSENT_RETENTION_YEARS} años desde la última visita (Ley 41/2002, art. 17); después se borran solos.`
      : "";
    return redirectWithToast("/admin/mensajes", {
      title: "Datos suprimidos",
      description: `Se han eliminado ${erased.messages} mensajes, ${erased.appointments} citas, ${erased.reviews} reseñas, ${erased.consents.erased ? `${erased.consents.erased} consentimientos sin firmar, ` : ""}${erased.waitlist ? `${erased.waitlist} inscripciones en la lista de espera, ` : ""}${erased.mails} emails y ${erased.files} copias .eml de ${email}.${kept}`,
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
  const unreadId = selected && !selected.readAt ? selected.id : null;
  useEffect(() => {
    if (unreadId === null) return;
    void reader.submit({ intent: "read", id: String(unreadId), auto: "1" }, { method: "post" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per message shown
  }, [unreadId]);
  // What an intent refused (a form of the page, or the automatic 'read'): an address under the
  // erase field, anything else at the top of the page.
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const formError =
    refused?.formError ?? (reader.data?.ok === false ? reader.data.formError : null);
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
      {formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {formError}
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
        <MessageList
          items={items}
          q={q}
          page={page}
          pageCount={pageCount}
          selectedId={selected?.id}
          query={query}
        />
        <MessageView
          selected={selected}
          page={page}
          query={query}
          offerRead={Boolean(
            selected && !selected.readAt && reader.state === "idle" && !reader.data,
          )}
          mayDelete={may.delete}
          mayConsent={may.sendConsent}
          busy={busy}
        />
      </div>

      {may.retryMail ? <OutboxProblems outbox={outbox} /> : null}
      {may.privacyRequests ? (
        <PrivacyRequests refused={refused?.intent === "erase" ? refused : undefined} />
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
