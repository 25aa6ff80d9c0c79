import { Check, KeyRound, Trash2, UserPlus, X } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
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
import {
  approveUser,
  changeRole,
  inviteUser,
  listUsers,
  removalBlocker,
  removeUser,
} from "~/modules/accounts/staff.server";
import { clientInfo, requireRecentAuth, requireUser } from "~/modules/accounts/guard.server";
import { resetTwoFactor } from "~/modules/accounts/two-factor.server";
import { ROLE_LABELS, ROLES, roleLabel } from "~/modules/accounts/roles";
import { formatShortDateTime } from "~/utils/format-time";
import { redirectWithToast } from "~/utils/toast.server";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/users";
import { readForm } from "~/utils/form";
import { InviteSchema } from "~/modules/accounts/schemas";
import { failure } from "~/utils/action.server";
import { htmlConstraints, parseWith } from "~/utils/form-schema";
import { useFieldErrors } from "~/utils/use-field-errors";

export const meta: Route.MetaFunction = () => adminMeta("Usuarios");

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context, "users.manage");
  const users = await listUsers(await database(context));
  const administrators = users.filter((u) => u.role === "administrator").length;
  return {
    me: me.id,
    users: users.map((u) => ({
      ...u,
      createdAt: u.createdAt.toISOString(),
      pending: u.approvedAt === null,
      lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
      blocker: removalBlocker(me.id, u, administrators),
    })),
    inviteConstraints: htmlConstraints(InviteSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireUser(request, context, "users.manage");
  const db = await database(context);
  const info = clientInfo(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  // Every change to who may do what needs a password (+ code) from the last 10 minutes.
  if (["role", "approve", "remove", "reset-2fa", "invite"].includes(String(intent))) {
    await requireRecentAuth(request, context, me);
  }
  if (intent === "reset-2fa") {
    const result = await resetTwoFactor(db, me, form.get("userId"), info);
    if (!result.ok) return failure(result);
    return redirectWithToast("/admin/usuarios", {
      title: "Verificación en dos pasos restablecida",
      description: `Se han cerrado las sesiones de ${result.email}; deberá activarla de nuevo al entrar.`,
    });
  }
  if (intent === "role") {
    const result = await changeRole(db, me, form.get("userId"), form.get("role"), info);
    if (!result.ok) return failure(result);
    return redirectWithToast("/admin/usuarios", {
      title: "Rol actualizado",
      description: "La persona deberá iniciar sesión de nuevo.",
    });
  }
  if (intent === "approve") {
    const result = await approveUser(db, me, form.get("userId"), info);
    if (!result.ok) return failure(result);
    return redirectWithToast("/admin/usuarios", {
      title: "Cuenta aprobada",
      description: `${result.email} ya puede iniciar sesión.`,
    });
  }
  if (intent === "remove") {
    const result = await removeUser(db, me, form.get("userId"), info);
    if (!result.ok) return failure(result);
    return redirectWithToast("/admin/usuarios", { title: "Usuario eliminado" });
  }
  if (intent === "invite") {
    const result = await inviteUser(
      db,
      me,
      { name: form.get("name"), email: form.get("email"), role: form.get("role") },
      info,
    );
    if (!result.ok) return failure(result);
    return redirectWithToast("/admin/usuarios", {
      title: "Invitación enviada",
      description: `Hemos enviado a ${result.email} un enlace para elegir su contraseña.`,
    });
  }
  return failure({ status: 400, formError: "Acción no válida" });
}

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // The invitation is checked in the browser by the action's schema before it is sent.
  const invite = useFieldErrors(actionData?.fieldErrors);
  const errors = invite.errors;
  const limits = loaderData.inviteConstraints;
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-h1">Usuarios</h1>
        <p className="mt-1 text-muted">
          Cuentas con acceso al área de gestión. Un cambio de rol cierra las sesiones de esa
          persona.
        </p>
      </div>
      {actionData?.formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {actionData.formError}
        </p>
      ) : null}

      {/* Below 640 px each row is a card, as in Reseñas (issue #34). */}
      <Table scrollLabel="Tabla de usuarios" stackOnPhone>
        <TableHeader>
          <TableRow>
            <TableHead>Persona</TableHead>
            <TableHead>Rol</TableHead>
            <TableHead>Acciones</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loaderData.users.map((u) => (
            <TableRow key={u.id}>
              <TableCell verticalAlign="top" className="min-w-52">
                <span className="block font-semibold">{u.name}</span>
                <span className="block break-all">{u.email}</span>
                {!u.emailVerified || u.pending || u.twoFactorEnabled ? (
                  <span className="mt-1 flex flex-wrap gap-1">
                    {u.emailVerified ? null : <Badge variant="warning">Sin confirmar</Badge>}
                    {u.pending ? <Badge variant="warning">Pendiente de aprobación</Badge> : null}
                    {u.twoFactorEnabled ? <Badge>Verificación en dos pasos</Badge> : null}
                  </span>
                ) : null}
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 text-muted">
                  <dt>Creado</dt>
                  <dd className="whitespace-nowrap text-ink">{formatShortDateTime(u.createdAt)}</dd>
                  <dt>Último acceso</dt>
                  <dd className="whitespace-nowrap text-ink">
                    {u.lastLoginAt ? formatShortDateTime(u.lastLoginAt) : "Nunca"}
                  </dd>
                </dl>
              </TableCell>
              <TableCell verticalAlign="top">
                <Form method="post" className="flex flex-col items-start gap-2">
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="userId" value={u.id} />
                  <NativeSelect
                    name="role"
                    defaultValue={u.role}
                    aria-label={`Rol de ${u.name}`}
                    width="narrow"
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </NativeSelect>
                  <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                    Guardar
                    <span className="sr-only"> el rol de {u.name}</span>
                  </Button>
                </Form>
              </TableCell>
              <TableCell verticalAlign="top">
                {u.pending ? (
                  <div className="flex flex-wrap items-start gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="approve" />
                      <input type="hidden" name="userId" value={u.id} />
                      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                        <Check aria-hidden="true" /> Aprobar
                        <span className="sr-only"> a {u.name}</span>
                      </Button>
                    </Form>
                    <ConfirmAction
                      title="Rechazar cuenta"
                      description={
                        <>
                          Se eliminará la cuenta pendiente de {u.name} ({u.email}). Esta acción no
                          se puede deshacer.
                        </>
                      }
                      fields={{ intent: "remove", userId: u.id }}
                      confirmLabel="Rechazar"
                      trigger={
                        <Button size="sm" variant="ghost-danger">
                          <X aria-hidden="true" /> Rechazar
                          <span className="sr-only"> a {u.name}</span>
                        </Button>
                      }
                    />
                  </div>
                ) : (
                  <div className="flex max-w-52 flex-col items-start gap-1">
                    {u.twoFactorEnabled && u.id !== loaderData.me ? (
                      <ConfirmAction
                        title="Restablecer verificación en dos pasos"
                        description={
                          <>
                            Se borrará la verificación en dos pasos de {u.name} ({u.email}) y se
                            cerrarán sus sesiones. Deberá activarla de nuevo al entrar.
                          </>
                        }
                        fields={{ intent: "reset-2fa", userId: u.id }}
                        confirmLabel="Restablecer"
                        trigger={
                          <Button size="sm" variant="ghost" wrap className="h-auto py-1 text-left">
                            <KeyRound aria-hidden="true" /> Restablecer verificación en dos pasos
                            <span className="sr-only"> de {u.name}</span>
                          </Button>
                        }
                      />
                    ) : null}
                    {u.blocker ? (
                      <div className="flex flex-col items-start gap-1">
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled
                          aria-describedby={`bloqueo-${u.id}`}
                        >
                          <Trash2 aria-hidden="true" /> Eliminar
                        </Button>
                        <span id={`bloqueo-${u.id}`} className="text-xs text-muted">
                          {u.blocker}
                        </span>
                      </div>
                    ) : (
                      <ConfirmAction
                        title="Eliminar usuario"
                        description={
                          <>
                            Se eliminará la cuenta de {u.name} ({u.email}) y se cerrarán sus
                            sesiones. Esta acción no se puede deshacer.
                          </>
                        }
                        fields={{ intent: "remove", userId: u.id }}
                        trigger={
                          <Button size="sm" variant="ghost-danger">
                            <Trash2 aria-hidden="true" /> Eliminar
                            <span className="sr-only"> a {u.name}</span>
                          </Button>
                        }
                      />
                    )}
                  </div>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle as="h2">Invitar a una persona del equipo</CardTitle>
        </CardHeader>
        <CardContent>
          <Form
            ref={invite.formRef}
            method="post"
            noValidate
            onChange={invite.clearOnChange}
            onSubmit={(event) => {
              const values = Object.fromEntries(new FormData(event.currentTarget));
              const verdict = parseWith(InviteSchema, values);
              if (!invite.show(verdict.ok ? {} : verdict.fieldErrors)) event.preventDefault();
            }}
            className="grid gap-4 sm:grid-cols-2"
          >
            <input type="hidden" name="intent" value="invite" />
            <FormField label="Nombre" name="name" required errors={errors.name}>
              {(field) => (
                <Input {...field} required maxLength={limits.name?.maxLength} autoComplete="off" />
              )}
            </FormField>
            <FormField label="Email" name="email" required errors={errors.email}>
              {(field) => (
                <Input {...field} type="email" required maxLength={limits.email?.maxLength} />
              )}
            </FormField>
            <FormField label="Rol" name="role" required errors={errors.role}>
              {(field) => (
                <NativeSelect {...field} defaultValue="contributor" required>
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {roleLabel(r)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <div className="flex items-end">
              <Button type="submit" disabled={busy}>
                <UserPlus aria-hidden="true" /> Enviar invitación
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
