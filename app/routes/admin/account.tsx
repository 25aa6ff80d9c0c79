import { LogOut, ShieldCheck } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
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
  clientInfo,
  requestSession,
  requireRecentAuth,
  requireUser,
} from "~/modules/accounts/guard.server";
import { withCookies } from "~/utils/action.server";
import { endOtherSessions, endOwnSession, listSessions } from "~/modules/accounts/sessions.server";
import {
  cancelPendingEnrolment,
  confirmEnrolment,
  disableOwnTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorRequired,
  twoFactorStatus,
} from "~/modules/accounts/two-factor.server";
import { readForm } from "~/utils/form";
import { guessPlatform } from "~/utils/format";
import { formatShortDateTime } from "~/utils/format-time";
import { redirectWithToast } from "~/utils/toast.server";
import { failure } from "~/utils/action.server";
import type { FormFailure, FormResult } from "~/utils/form";
import {
  type AccountConstraints,
  AppCodeField,
  CurrentPasswordField,
  useAccountForm,
} from "~/components/site/auth-forms";
import { AppCodeSchema, ConfirmPasswordSchema } from "~/modules/accounts/schemas";
import { htmlConstraints } from "~/utils/form-schema";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => adminMeta("Mi cuenta");

/** Mi cuenta: verificación en dos pasos (obligatoria para administración y edición) y sesiones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context);
  const state = (await requestSession(request, context))!;
  const db = await database(context);
  const status = await twoFactorStatus(db, me.id, me.email);
  const sessions = await listSessions(db, me.id);
  return {
    required: twoFactorRequired(me.role),
    enabled: status.enabled,
    pending: status.pending,
    constraints: {
      password: htmlConstraints(ConfirmPasswordSchema),
      code: htmlConstraints(AppCodeSchema),
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      device: s.userAgent ? guessPlatform(s.userAgent) : "un dispositivo desconocido",
      ip: s.ipAddress ?? "desconocida",
      createdAt: s.createdAt.toISOString(),
      lastActiveAt: s.lastActiveAt.toISOString(),
      current: s.id === state.session.id,
    })),
  };
}

/** Refusals are FormFailures; new recovery codes come back as a success. */
type ActionData = FormResult<{ backupCodes: string[] }>;

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireUser(request, context);
  const state = (await requestSession(request, context))!;
  const db = await database(context);
  const info = clientInfo(request, context);
  const cookie = request.headers.get("cookie");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const refused = (result: Parameters<typeof failure>[0]) => failure({ ...result, intent });
  switch (intent) {
    case "enable": {
      const result = await startEnrolment(db, cookie, me, form.get("password"), info);
      if (!result.ok) return refused(result);
      return redirectWithToast("/admin/cuenta", {
        title: "Escanea el código",
        description: "Añade la cuenta a tu aplicación y escribe el primer código para activarla.",
      });
    }
    case "confirm": {
      const result = await confirmEnrolment(db, cookie, me, form.get("code"), info);
      if (!result.ok) return refused(result);
      return redirectWithToast(
        "/admin/cuenta",
        {
          title: "Verificación en dos pasos activada",
          description: "A partir de ahora te pediremos un código al iniciar sesión.",
        },
        { headers: withCookies(result.headers) },
      );
    }
    case "cancel": {
      await cancelPendingEnrolment(db, me.id);
      return redirectWithToast("/admin/cuenta", { title: "Activación cancelada" });
    }
    case "codes": {
      // New recovery codes are a lasting way in: the password and a code from the last 10 min.
      await requireRecentAuth(request, context, me);
      const result = await regenerateRecoveryCodes(db, cookie, me, form.get("password"), info);
      if (!result.ok) return refused(result);
      return data<ActionData>({ ok: true, backupCodes: result.backupCodes });
    }
    case "disable": {
      await requireRecentAuth(request, context, me);
      const result = await disableOwnTwoFactor(db, cookie, me, form.get("password"), info);
      if (!result.ok) return refused(result);
      return redirectWithToast(
        "/admin/cuenta",
        { title: "Verificación en dos pasos desactivada" },
        { headers: withCookies(result.headers) },
      );
    }
    case "end-session": {
      const id = form.get("sessionId");
      if (id === state.session.id) {
        return failure({ status: 400, formError: "Para cerrar esta sesión usa «Salir»." });
      }
      const result = await endOwnSession(db, me, id, info);
      if (!result.ok) return refused(result);
      return redirectWithToast("/admin/cuenta", { title: "Sesión cerrada" });
    }
    case "end-others": {
      const n = await endOtherSessions(db, me, state.session.id, info);
      return redirectWithToast("/admin/cuenta", {
        title: "Sesiones cerradas",
        description: n === 1 ? "Se ha cerrado 1 sesión." : `Se han cerrado ${n} sesiones.`,
      });
    }
    default:
      return failure({ status: 400, formError: "Acción no válida" });
  }
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-field border border-border bg-sand p-4">
      <h3 className="font-semibold">Códigos de recuperación</h3>
      <p className="mt-1 text-sm">
        Guárdalos en un lugar seguro (un gestor de contraseñas o en papel). Cada código sirve una
        sola vez para entrar si no tienes el móvil. No se volverán a mostrar.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono" aria-label="Códigos de recuperación">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}

/** A form that asks one thing (the password, or the app's code), checked by its schema first. */
function OneFieldForm({
  intent,
  label,
  refused,
  constraints,
  variant = "primary",
}: {
  intent: string;
  label: string;
  refused: FormFailure | undefined;
  constraints: AccountConstraints;
  variant?: "primary" | "secondary";
}) {
  const navigation = useNavigation();
  const asksCode = intent === "confirm";
  const { field, formProps } = useAccountForm(
    refused?.intent === intent ? refused : undefined,
    asksCode ? "AppCodeSchema" : "ConfirmPasswordSchema",
    constraints,
  );
  return (
    <Form method="post" className="flex flex-col gap-3 sm:max-w-sm" {...formProps}>
      <input type="hidden" name="intent" value={intent} />
      {asksCode ? (
        <AppCodeField {...field("code")} />
      ) : (
        <CurrentPasswordField id={`${intent}-password`} {...field("password")} />
      )}
      <Button type="submit" variant={variant} disabled={navigation.state === "submitting"}>
        {label}
      </Button>
    </Form>
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { required, enabled, pending, sessions, constraints } = loaderData;
  const result = actionData as ActionData | undefined;
  const failed = result?.ok === false ? result : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-h1">Mi cuenta</h1>
        <p className="mt-1 text-muted">Verificación en dos pasos y sesiones abiertas.</p>
      </div>
      {failed?.formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {failed.formError}
        </p>
      ) : null}

      <Card className="max-w-3xl">
        <CardHeader>
          <CardTitle as="h2">
            <ShieldCheck aria-hidden="true" className="mr-2 inline size-5" />
            Verificación en dos pasos
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {enabled ? (
            <>
              <p>
                <Badge variant="success">Activada</Badge> Al iniciar sesión te pedimos, además de la
                contraseña, el código de tu aplicación de autenticación.
              </p>
              {result?.ok ? <RecoveryCodes codes={result.backupCodes} /> : null}
              <h3 className="font-semibold">Generar códigos de recuperación nuevos</h3>
              <p className="text-sm text-muted">Los códigos anteriores dejarán de servir.</p>
              <OneFieldForm
                intent="codes"
                label="Generar códigos nuevos"
                refused={failed}
                constraints={constraints.password}
                variant="secondary"
              />
              {required ? (
                <p className="text-sm text-muted">
                  Tu rol exige la verificación en dos pasos. Si pierdes el móvil y los códigos de
                  recuperación, una administradora puede restablecerla.
                </p>
              ) : (
                <>
                  <h3 className="font-semibold">Desactivar</h3>
                  <OneFieldForm
                    intent="disable"
                    label="Desactivar la verificación en dos pasos"
                    refused={failed}
                    constraints={constraints.password}
                    variant="secondary"
                  />
                </>
              )}
            </>
          ) : pending ? (
            <>
              <ol className="flex list-decimal flex-col gap-3 pl-5">
                <li>
                  Abre tu aplicación de autenticación (por ejemplo, Google Authenticator, Microsoft
                  Authenticator, FreeOTP o la de tu gestor de contraseñas) y añade una cuenta con
                  esta clave:
                  <p className="mt-2 rounded-field bg-sand p-3 font-mono text-lg break-all">
                    <span className="sr-only">Clave secreta: </span>
                    <span data-testid="totp-secret">{pending.secret}</span>
                  </p>
                  <p className="mt-2 text-sm">
                    En el móvil también puedes{" "}
                    <a href={pending.uri} className="font-semibold text-primary underline">
                      abrir el enlace de configuración
                    </a>{" "}
                    directamente en la aplicación.
                  </p>
                </li>
                <li>
                  <RecoveryCodes codes={pending.backupCodes} />
                </li>
                <li>Escribe el código de 6 dígitos que muestra la aplicación.</li>
              </ol>
              <OneFieldForm
                intent="confirm"
                label="Activar la verificación en dos pasos"
                refused={failed}
                constraints={constraints.code}
              />
              <Form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <Button type="submit" variant="ghost" disabled={busy}>
                  Cancelar y empezar de nuevo
                </Button>
              </Form>
            </>
          ) : (
            <>
              {required ? (
                <p role="status" className="rounded-field bg-accent-soft p-3 text-accent-strong">
                  Tu rol (administración o edición) da acceso a datos de salud: para usar el área de
                  gestión tienes que activar la verificación en dos pasos.
                </p>
              ) : (
                <p>
                  Es opcional para tu rol, pero protege tu cuenta aunque alguien averigüe tu
                  contraseña.
                </p>
              )}
              <p>
                Necesitas una aplicación de autenticación en el móvil. Para empezar, confirma tu
                contraseña.
              </p>
              <OneFieldForm
                intent="enable"
                label="Empezar la activación"
                refused={failed}
                constraints={constraints.password}
              />
            </>
          )}
        </CardContent>
      </Card>

      <Card className="max-w-4xl">
        <CardHeader>
          <CardTitle as="h2">Sesiones abiertas</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Table scrollLabel="Tabla de sesiones abiertas">
            <TableHeader>
              <TableRow>
                <TableHead>Dispositivo</TableHead>
                <TableHead>IP</TableHead>
                <TableHead>Inicio</TableHead>
                <TableHead>Última actividad</TableHead>
                <TableHead>Acciones</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sessions.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>
                    {s.device}
                    {s.current ? (
                      <Badge variant="success" className="ml-2">
                        Esta sesión
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell>{s.ip}</TableCell>
                  <TableCell>{formatShortDateTime(s.createdAt)}</TableCell>
                  <TableCell>{formatShortDateTime(s.lastActiveAt)}</TableCell>
                  <TableCell>
                    {s.current ? (
                      <span className="text-sm text-muted">—</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="end-session" />
                        <input type="hidden" name="sessionId" value={s.id} />
                        <Button type="submit" size="sm" variant="ghost" disabled={busy}>
                          <LogOut aria-hidden="true" /> Cerrar sesión
                          <span className="sr-only">
                            {" "}
                            en {s.device} iniciada el {formatShortDateTime(s.createdAt)}
                          </span>
                        </Button>
                      </Form>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {others > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="end-others" />
              <Button type="submit" variant="secondary" disabled={busy}>
                Cerrar las demás
              </Button>
            </Form>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
