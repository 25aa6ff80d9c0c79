import { ArrowLeft } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { database } from "~/context";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { madridDate } from "~/modules/booking/slots";
import {
  ADVERTISING_STATE_LABELS,
  ADVERTISING_VALID_YEARS,
  AdvertisingSchema,
} from "~/modules/compliance/advertising";
import {
  type AdvertisingStatus,
  advertisingTargets,
  authorisationStatuses,
  recordAuthorisation,
  removeAuthorisation,
} from "~/modules/compliance/advertising.server";
import { failure } from "~/utils/action.server";
import { adminMeta } from "~/utils/admin-meta";
import { cn } from "~/utils/cn";
import { limitsOf, parseId, readForm } from "~/utils/form";
import { htmlConstraints } from "~/utils/form-schema";
import { redirectWithToast } from "~/utils/toast.server";
import { useFieldErrors } from "~/utils/use-field-errors";
import type { Route } from "./+types/advertising";

export const meta: Route.MetaFunction = () => adminMeta("Textos publicitarios autorizados");

const PATH = "/admin/estado-legal/publicidad";
const constraints = htmlConstraints(AdvertisingSchema);

/**
 * Her public texts authorised as health advertising (Estado legal's «Textos publicitarios
 * autorizados», docs/compliance.md): each authorisation with its state, what changed in a text
 * edited since, and the form that records a new one (with the text as it stands now).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "settings.manage");
  const db = await database(context);
  const today = madridDate(Date.now());
  return {
    authorisations: await authorisationStatuses(db, today),
    targets: await advertisingTargets(db),
    today,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "settings.manage");
  const form = await readForm(request);
  const db = await database(context);
  const ip = clientInfo(request, context).ip;
  const intent = form.get("intent");
  if (intent === "remove") {
    const id = parseId(form.get("id"));
    if (id === null) return failure({ status: 400, formError: "No se ha entendido la petición." });
    const result = await removeAuthorisation(db, user, id, ip);
    if (!result.ok) return failure(result);
    return redirectWithToast(PATH, {
      title: "Autorización borrada",
      description: "La página ya no muestra ese número.",
    });
  }
  if (intent !== "record") {
    return failure({ status: 400, formError: "No se ha entendido la petición." });
  }
  const result = await recordAuthorisation(
    db,
    user,
    {
      target: form.get("target"),
      number: form.get("number"),
      authorisedOn: form.get("authorisedOn"),
      expiresOn: form.get("expiresOn") ?? "",
    },
    ip,
  );
  if (!result.ok) return failure(result);
  return redirectWithToast(PATH, {
    title: "Autorización registrada",
    description:
      "Se ha guardado el texto tal como está ahora. Si lo cambias, Estado legal te lo dirá.",
  });
}

const day = (value: string) => value.split("-").reverse().join("/");

function Changes({ item }: { item: AdvertisingStatus }) {
  return (
    <div className="mt-3 flex flex-col gap-2">
      <p className="text-sm">
        Lo que ha cambiado desde la autorización:{" "}
        <ins className="bg-success/15 px-1 underline">texto nuevo</ins>{" "}
        <del className="bg-danger/10 px-1">texto autorizado que se ha quitado</del>
      </p>
      <div className="rounded-field border border-border bg-paper p-3 text-sm break-words whitespace-pre-wrap">
        {item.changes.map((part, i) =>
          part.kind === "added" ? (
            <ins key={i} className="bg-success/15 underline">
              <span className="sr-only">Añadido: </span>
              {part.text}
            </ins>
          ) : part.kind === "removed" ? (
            <del key={i} className="bg-danger/10">
              <span className="sr-only">Eliminado: </span>
              {part.text}
            </del>
          ) : (
            <span key={i} className="text-muted">
              {part.text}
            </span>
          ),
        )}
      </div>
      <a
        href={`${PATH}/cambios.txt?id=${item.id}`}
        download
        className="inline-flex min-h-11 items-center font-semibold text-primary underline"
      >
        Descargar los cambios para la autoridad sanitaria (.txt)
      </a>
    </div>
  );
}

function Authorisation({ item }: { item: AdvertisingStatus }) {
  const bad =
    item.state === "modificado" || item.state === "caducado" || item.state === "sin-texto";
  return (
    <li className="rounded-card border border-border bg-surface p-4 shadow-soft">
      <h3 className="font-semibold">
        {item.label}{" "}
        <span
          className={cn(
            "text-sm",
            bad ? "text-danger" : item.state === "caduca" ? "text-accent-strong" : "text-success",
          )}
        >
          ({ADVERTISING_STATE_LABELS[item.state]})
        </span>
      </h3>
      <p className="mt-1 text-sm">
        Nº {item.number} · autorizada el {day(item.authorisedOn)} · caduca el {day(item.expiresOn)}
        {item.path ? (
          <>
            {" · "}
            <a href={item.path} className="underline">
              Ver la página
            </a>
          </>
        ) : null}
      </p>
      {item.state === "modificado" ? (
        <>
          <p className="mt-2">
            Este texto ha cambiado desde que se autorizó, así que la web ya no muestra su número.
            Vuelve al texto autorizado o pide una nueva autorización y regístrala abajo.
          </p>
          <Changes item={item} />
        </>
      ) : null}
      <div className="mt-3">
        <ConfirmAction
          trigger={
            <Button type="button" variant="outline" size="sm">
              Borrar esta autorización
            </Button>
          }
          title="Borrar esta autorización"
          description={`La página dejará de mostrar el nº ${item.number}. El texto no cambia.`}
          fields={{ intent: "remove", id: item.id }}
          confirmLabel="Borrar la autorización"
        />
      </div>
    </li>
  );
}

export default function AdvertisingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { authorisations, targets } = loaderData;
  const errors = useFieldErrors(actionData?.fieldErrors);
  const saving = useNavigation().state === "submitting";
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <Link
          to="/admin/estado-legal"
          className="inline-flex min-h-11 items-center gap-1 text-sm underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Estado legal
        </Link>
        <h1 className="text-h1">Textos publicitarios autorizados</h1>
        <p className="mt-1 text-muted">
          En algunas comunidades (Aragón, Asturias, Murcia) la publicidad sanitaria necesita una
          autorización previa, y en Aragón cada texto autorizado tiene su número. Registra aquí cada
          texto autorizado: la página mostrará el número mientras el texto sea el autorizado y la
          autorización esté en vigor, y Estado legal te avisará si lo cambias o si va a caducar.
        </p>
      </div>

      <section aria-labelledby="autorizaciones" className="flex flex-col gap-3">
        <h2 id="autorizaciones" className="text-h3">
          Autorizaciones registradas
        </h2>
        {authorisations.length === 0 ? (
          <p className="text-muted">Todavía no has registrado ninguna.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {authorisations.map((item) => (
              <Authorisation key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="registrar" className="flex flex-col gap-3">
        <h2 id="registrar" className="text-h3">
          Registrar una autorización
        </h2>
        <p className="text-sm text-muted">
          Se guarda el texto tal como está ahora en la web: regístrala cuando el texto publicado sea
          el que autorizó la administración. Si el texto ya tenía una, la nueva la sustituye.
        </p>
        <Form
          ref={errors.formRef}
          method="post"
          className="flex flex-col gap-4"
          aria-labelledby="registrar"
          onChange={errors.clearOnChange}
        >
          <input type="hidden" name="intent" value="record" />
          {actionData?.formError ? (
            <p role="alert" className="text-danger">
              {actionData.formError}
            </p>
          ) : null}
          <FormField label="Texto autorizado" name="target" required errors={errors.of("target")}>
            {(field) => (
              <NativeSelect {...field} required defaultValue="">
                <option value="" disabled>
                  Elige una página o un artículo
                </option>
                {targets.map((t) => (
                  <option key={t.target} value={t.target}>
                    {t.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            label="Número de la autorización"
            name="number"
            required
            errors={errors.of("number")}
          >
            {(field) => <Input {...field} {...limitsOf(constraints.number)} required />}
          </FormField>
          <FormField
            label="Fecha de la autorización"
            name="authorisedOn"
            required
            errors={errors.of("authorisedOn")}
          >
            {(field) => <Input {...field} type="date" required />}
          </FormField>
          <FormField
            label="Fecha de caducidad"
            name="expiresOn"
            description={`Si la dejas vacía, ${ADVERTISING_VALID_YEARS} años desde la fecha de la autorización. Te avisaremos por email 60 días antes.`}
            errors={errors.of("expiresOn")}
          >
            {(field) => <Input {...field} type="date" />}
          </FormField>
          <Button type="submit" className="self-start" disabled={saving}>
            Registrar la autorización
          </Button>
        </Form>
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
