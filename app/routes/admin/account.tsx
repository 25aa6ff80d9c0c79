import { LogOut, ShieldCheck } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { QrAndKey, RecoveryCodes } from "~/components/admin/two-factor-enrolment";
import { Checkbox } from "~/components/ui/checkbox";
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
} from "~/components/auth/auth-forms";
import {
  AppCodeSchema,
  ConfirmPasswordSchema,
  EnrolConfirmSchema,
} from "~/modules/accounts/schemas";
import { TOTP_ISSUER } from "~/modules/accounts/auth.server";
import { htmlConstraints, parseWith } from "~/utils/form-schema";
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
  const required = twoFactorRequired(me.role);
  return {
    required,
    // A role that must enrol and has not: the focused screen, the last step before the panel
    // (the admin layout drops its sidebar for it too).
    focused: required && !status.enabled,
    enabled: status.enabled,
    pending: status.pending,
    issuer: TOTP_ISSUER,
    email: me.email,
    constraints: {
      password: htmlConstraints(ConfirmPasswordSchema),
      code: htmlConstraints(AppCodeSchema),
      confirm: htmlConstraints(EnrolConfirmSchema),
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
      return redirect("/admin/cuenta");
    }
    case "confirm": {
      // The code, and the tick that says the recovery codes are kept, before any attempt is spent.
      const typed = parseWith(EnrolConfirmSchema, {
        code: form.get("code"),
        saved: form.get("saved"),
      });
      if (!typed.ok) return refused({ status: 400, fieldErrors: typed.fieldErrors });
      const result = await confirmEnrolment(db, cookie, me, typed.data.code, info);
      if (!result.ok) return refused(result);
      // Whoever had to enrol goes straight to the panel; an optional enrolment stays here.
      return redirectWithToast(
        twoFactorRequired(me.role) ? "/admin" : "/admin/cuenta",
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

/** A form that asks one thing (the password), checked by its schema first. */
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
  const { field, formProps } = useAccountForm(
    refused?.intent === intent ? refused : undefined,
    "ConfirmPasswordSchema",
    constraints,
  );
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className="flex flex-col gap-3 sm:max-w-sm" {...formProps}>
      <input type="hidden" name="intent" value={intent} />
      <CurrentPasswordField id={`${intent}-password`} {...field("password")} />
      <Button type="submit" variant={variant} wrap disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * The enrolment's last step: 'He guardado mis códigos' (required), then the app's first code.
 * Both are checked by EnrolConfirmSchema, in the browser and in the action.
 */
function ConfirmEnrolmentForm({
  refused,
  constraints,
}: {
  refused: FormFailure | undefined;
  constraints: AccountConstraints;
}) {
  const navigation = useNavigation();
  const { field, errorsOf, formProps } = useAccountForm(
    refused?.intent === "confirm" ? refused : undefined,
    "EnrolConfirmSchema",
    constraints,
  );
  const savedErrors = errorsOf("saved");
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "confirm";
  return (
    <Form method="post" className="flex flex-col gap-4 sm:max-w-sm" {...formProps}>
      <input type="hidden" name="intent" value="confirm" />
      <div className="flex flex-col gap-1">
        <label htmlFor="saved" className="flex min-h-11 items-center gap-3 font-semibold">
          <Checkbox
            id="saved"
            name="saved"
            required
            aria-required
            aria-invalid={savedErrors?.length ? true : undefined}
            aria-describedby={savedErrors?.length ? "saved-error" : undefined}
          />
          He guardado mis códigos
        </label>
        {savedErrors?.length ? (
          <p id="saved-error" role="alert" className="text-sm text-danger">
            {savedErrors[0]}
          </p>
        ) : null}
      </div>
      <AppCodeField {...field("code")} />
      <Button type="submit" wrap disabled={busy}>
        {busy ? "Activando…" : "Activar la verificación en dos pasos"}
      </Button>
    </Form>
  );
}

type Pending = NonNullable<Route.ComponentProps["loaderData"]["pending"]>;

/** Scan (or type the key), keep the recovery codes, type the first code: three numbered steps. */
function Enrolment({
  pending,
  issuer,
  email,
  refused,
  constraints,
  heading: Heading = "h2",
}: {
  /** h2 on the focused screen, h3 inside Mi cuenta's card. */
  heading?: "h2" | "h3";
  pending: Pending;
  issuer: string;
  email: string;
  refused: FormFailure | undefined;
  constraints: AccountConstraints;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <>
      <ol className="flex w-full min-w-0 flex-col gap-6">
        <li className="flex flex-col gap-3 print:hidden">
          <Heading className="text-h3">1. Añade la cuenta a la aplicación del móvil</Heading>
          <QrAndKey qrSvg={pending.qrSvg} secret={pending.secret} uri={pending.uri} />
        </li>
        <li className="flex flex-col gap-3">
          <Heading className="text-h3 print:hidden">2. Guarda los códigos de recuperación</Heading>
          <RecoveryCodes codes={pending.backupCodes} issuer={issuer} email={email} />
        </li>
        <li className="flex flex-col gap-3 print:hidden">
          <Heading className="text-h3">3. Escribe el código que muestra la aplicación</Heading>
          <p className="text-sm text-muted">Son 6 cifras y cambian cada 30 segundos.</p>
          <ConfirmEnrolmentForm refused={refused} constraints={constraints} />
        </li>
      </ol>
      <Form method="post" className="print:hidden">
        <input type="hidden" name="intent" value="cancel" />
        <Button type="submit" variant="ghost" wrap disabled={busy}>
          Cancelar y empezar de nuevo
        </Button>
      </Form>
    </>
  );
}

/**
 * The screen of an administrator or editor who has not enrolled yet: nothing but the enrolment
 * ('Paso 2 de 2' after creating the account or signing in), in the admin layout's focused shell.
 */
function FocusedEnrolment({
  loaderData,
  refused,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  refused: FormFailure | undefined;
}) {
  const { pending, constraints, issuer, email } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="print:hidden">
        <p className="text-sm font-semibold text-muted">Paso 2 de 2</p>
        <h1 className="text-h1">
          <ShieldCheck aria-hidden="true" className="mr-2 inline size-7 align-[-0.15em]" />
          Verificación en dos pasos
        </h1>
        <p className="mt-2">
          Tu rol (administración o edición) da acceso a datos de salud: para usar el área de gestión
          tienes que activar la verificación en dos pasos. Al entrar te pediremos, además de la
          contraseña, un código de una aplicación del móvil.
        </p>
      </div>
      {refused?.formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger print:hidden">
          {refused.formError}
        </p>
      ) : null}
      {pending ? (
        <Enrolment
          pending={pending}
          issuer={issuer}
          email={email}
          refused={refused}
          constraints={constraints.confirm}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <p>
            Ten a mano el móvil con una aplicación de autenticación instalada (por ejemplo, Google
            Authenticator o Microsoft Authenticator, gratuitas). Para empezar, confirma tu
            contraseña.
          </p>
          <OneFieldForm
            intent="enable"
            label="Empezar la activación"
            refused={refused}
            constraints={constraints.password}
          />
        </div>
      )}
    </div>
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { required, enabled, pending, sessions, constraints, issuer, email } = loaderData;
  const result = actionData as ActionData | undefined;
  const failed = result?.ok === false ? result : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const others = sessions.filter((s) => !s.current).length;
  if (loaderData.focused) return <FocusedEnrolment loaderData={loaderData} refused={failed} />;
  return (
    <div className="flex flex-col gap-8">
      <div className="print:hidden">
        <h1 className="text-h1">Mi cuenta</h1>
        <p className="mt-1 text-muted">Verificación en dos pasos y sesiones abiertas.</p>
      </div>
      {failed?.formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger print:hidden">
          {failed.formError}
        </p>
      ) : null}

      <Card className="max-w-3xl">
        <CardHeader className="print:hidden">
          <CardTitle as="h2">
            <ShieldCheck aria-hidden="true" className="mr-2 inline size-5" />
            Verificación en dos pasos
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {enabled ? (
            <>
              <p className="print:hidden">
                <Badge variant="success">Activada</Badge> Al iniciar sesión te pedimos, además de la
                contraseña, el código de tu aplicación de autenticación.
              </p>
              {result?.ok ? (
                <RecoveryCodes codes={result.backupCodes} issuer={issuer} email={email} />
              ) : null}
              <div className="flex flex-col gap-4 print:hidden">
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
              </div>
            </>
          ) : pending ? (
            <Enrolment
              pending={pending}
              issuer={issuer}
              email={email}
              refused={failed}
              constraints={constraints.confirm}
              heading="h3"
            />
          ) : (
            <>
              <p>
                Es opcional para tu rol, pero protege tu cuenta aunque alguien averigüe tu
                contraseña.
              </p>
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

      <Card className="max-w-4xl print:hidden">
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
