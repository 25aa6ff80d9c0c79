import { Search } from "lucide-react";
import { EMAIL_MAX } from "~/modules/accounts/messages";
import { Form } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { LinkButton } from "~/components/ui/link-button";
import { NativeSelect } from "~/components/ui/select";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { database } from "~/context";
import { auditActions, auditLabel, listAudit, madridMidnight } from "~/platform/audit.server";
import { requireUser } from "~/modules/accounts/guard.server";
import { parsePage } from "~/utils/pagination";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => adminMeta("Registro de actividad");

const madridTime = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** Details are written by the server without bodies or health data; shown as "key: value". */
function describeDetails(details: Record<string, unknown> | null) {
  if (!details) return "";
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(" · ")
    .slice(0, 300);
}

/**
 * GET /admin/registro — the audit log, administrators only. Filters travel in the query string
 * (action code, person's e-mail, dates): none of them is health data.
 */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "audit.read");
  const q = url.searchParams;
  const rawAction = (q.get("accion") ?? "").trim();
  const action = /^[a-z0-9_]{1,60}$/.test(rawAction) ? rawAction : "";
  const actor = (q.get("persona") ?? "").trim().slice(0, EMAIL_MAX);
  const errors: string[] = [];
  const day = (name: string, label: string) => {
    const raw = (q.get(name) ?? "").trim();
    if (!raw) return "";
    if (!madridMidnight(raw)) {
      errors.push(`La fecha «${label}» no es válida (usa el formato AAAA-MM-DD).`);
      return "";
    }
    return raw;
  };
  const from = day("desde", "Desde");
  const to = day("hasta", "Hasta");
  if (from && to && from > to) errors.push("La fecha «Desde» es posterior a «Hasta».");
  const page = parsePage(q.get("pagina")) ?? 1;
  const db = await database(context);
  const [result, actions] = await Promise.all([
    listAudit(db, { action, actor, from, to, page }),
    auditActions(db),
  ]);
  return {
    filters: { accion: action, persona: actor, desde: from, hasta: to },
    errors,
    actions,
    page,
    pageCount: result.pageCount,
    total: result.total,
    items: result.items.map((e) => ({
      id: e.id,
      at: madridTime.format(e.at),
      iso: e.at.toISOString(),
      person: e.actorEmail,
      action: auditLabel(e.action),
      target: e.target,
      details: describeDetails(e.details),
      ip: e.ip,
    })),
  };
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { filters, errors, actions, items, page, pageCount, total } = loaderData;
  const query = (over: Record<string, string | number | null>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...filters, pagina: page, ...over })) {
      if (v !== null && v !== "" && !(k === "pagina" && v === 1)) p.set(k, String(v));
    }
    const s = p.toString();
    return s ? `?${s}` : "";
  };
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-h1">Registro de actividad</h1>
        <p className="mt-1 text-muted">
          {total} {total === 1 ? "entrada" : "entradas"}
          {filtered ? " con estos filtros" : ""}. Horas de España peninsular.
        </p>
      </div>

      <Form method="get" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Filtros">
        <FormField label="Acción" name="accion">
          {(field) => (
            <NativeSelect {...field} defaultValue={filters.accion}>
              <option value="">Todas</option>
              {actions.map((a) => (
                <option key={a.code} value={a.code}>
                  {a.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Persona (email)" name="persona">
          {(field) => (
            <Input {...field} type="email" maxLength={EMAIL_MAX} defaultValue={filters.persona} />
          )}
        </FormField>
        <FormField label="Desde" name="desde">
          {(field) => <Input {...field} type="date" defaultValue={filters.desde} />}
        </FormField>
        <FormField label="Hasta" name="hasta">
          {(field) => <Input {...field} type="date" defaultValue={filters.hasta} />}
        </FormField>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" /> Filtrar
          </Button>
          {filtered ? (
            <LinkButton to="/admin/registro" variant="ghost">
              Quitar filtros
            </LinkButton>
          ) : null}
        </div>
      </Form>

      {errors.length > 0 ? (
        <div role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}

      {items.length === 0 ? (
        <p className="rounded-card border border-border bg-surface p-6 text-muted">
          No hay actividad registrada{filtered ? " con estos filtros" : ""}.
        </p>
      ) : (
        <Table scrollLabel="Tabla del registro de actividad">
          <TableHeader>
            <TableRow>
              <TableHead>Fecha</TableHead>
              <TableHead>Persona</TableHead>
              <TableHead>Acción</TableHead>
              <TableHead>Objeto</TableHead>
              <TableHead>IP</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={e.iso}>{e.at}</time>
                </TableCell>
                <TableCell>{e.person ?? <span className="text-muted">—</span>}</TableCell>
                <TableCell>
                  {e.action}
                  {e.details ? (
                    <span className="block text-sm break-all text-muted">{e.details}</span>
                  ) : null}
                </TableCell>
                <TableCell className="break-all">
                  {e.target ?? <span className="text-muted">—</span>}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {e.ip ?? <span className="text-muted">—</span>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <AdminPagination page={page} pageCount={pageCount} href={(p) => query({ pagina: p })} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
