import { AlertCircle } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { useEffect, useRef, useState } from "react";
import { PASSWORD_MIN, SIGN_IN_PASSWORD_MAX } from "~/modules/accounts/messages";
import type { FormFailure } from "~/utils/form";
import type { FieldConstraints } from "~/utils/form-schema";
import { useFieldErrors } from "~/utils/use-field-errors";

/** What an account action answers when it refuses the form (success redirects). */
export type AuthActionData = FormFailure;

/** The account forms' schemas (app/modules/accounts/schemas.ts) by form. */
export type AccountSchema =
  | "SignInSchema"
  | "SignUpSchema"
  | "ForgotPasswordSchema"
  | "ResetPasswordSchema"
  | "ConfirmPasswordSchema"
  | "ConfirmWithCodeSchema"
  | "AppCodeSchema"
  | "EnrolConfirmSchema"
  | "RecoveryCodeSchema";

/** Each field's HTML constraints, derived from the form's schema by the page's loader. */
export type AccountConstraints = Record<string, FieldConstraints>;

type Checks = Awaited<ReturnType<typeof importChecks>>;
const importChecks = async () => {
  const [schemas, { parseWith }] = await Promise.all([
    import("~/modules/accounts/schemas"),
    import("~/utils/form-schema"),
  ]);
  return { schemas, parseWith };
};
/** The red box for sign-in errors (docs/product.md#sign-in-and-accounts). */
export function AuthError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-field border border-danger/40 bg-danger-soft p-3 text-danger"
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{message}</p>
    </div>
  );
}

/** From the click until the next page has loaded (the redirect after the action included). */
function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

let loadingChecks: Promise<Checks | null> | undefined;
function loadChecks() {
  loadingChecks ??= importChecks().catch(() => {
    loadingChecks = undefined;
    return null;
  });
  return loadingChecks;
}

/**
 * An account form checked in the browser by its schema (the one its action runs) before it is
 * sent (without a schema, by the server only); the server's answer shows the same way, each
 * message under its field. `noValidate` on the form: never the browser's own bubbles.
 * `constraints` are each field's HTML constraints, derived from the schema by the page's loader.
 *
 * The schemas load once the page has hydrated, not with it (the sign-in page stays within the
 * public pages' JavaScript budget). A form sent before they arrive waits for them and is sent
 * again; if they cannot load, the server checks the same rules.
 */
export function useAccountForm(
  result: AuthActionData | undefined,
  schema?: AccountSchema,
  constraints: AccountConstraints = {},
) {
  const fields = useFieldErrors(result?.fieldErrors);
  const checks = useRef<Checks | "unavailable" | null>(null);
  useEffect(() => {
    if (schema) void loadChecks().then((c) => (checks.current = c ?? "unavailable"));
  }, [schema]);
  // A server message (e.g. 'El email o la contraseña no son correctos') stops applying once the browser's own
  // check finds something to correct; the next answer shows again.
  const [staleAnswer, setStaleAnswer] = useState<AuthActionData | undefined>(undefined);
  return {
    errorsOf: fields.of,
    /** A field's name, messages and length limit, for an AccountField. */
    field: (name: string) => ({
      name,
      errors: fields.of(name),
      maxLength: constraints[name]?.maxLength,
    }),
    formError: result && staleAnswer === result ? null : result?.formError,
    formProps: {
      ref: fields.formRef,
      noValidate: true,
      onChange: fields.clearOnChange,
      onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
        const loaded = checks.current;
        if (!schema || loaded === "unavailable") return;
        if (!loaded) {
          event.preventDefault();
          const form = event.currentTarget;
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          void loadChecks().then((c) => {
            checks.current = c ?? "unavailable";
            form.requestSubmit(submitter);
          });
          return;
        }
        const values = Object.fromEntries(new FormData(event.currentTarget));
        const verdict = loaded.parseWith(loaded.schemas[schema], values);
        if (fields.show(verdict.ok ? {} : verdict.fieldErrors)) return;
        event.preventDefault();
        setStaleAnswer(result);
      },
    },
  };
}

/** A required field of the account forms: label, optional description, its messages. */
export function AccountField({
  label,
  name,
  errors,
  description,
  ...input
}: Omit<React.ComponentProps<"input">, "id" | "name" | "required"> & {
  label: string;
  name: string;
  errors?: string[];
  description?: React.ReactNode;
}) {
  return (
    <FormField label={label} name={name} required errors={errors} description={description}>
      {(field) => <Input {...field} {...input} required aria-required />}
    </FormField>
  );
}

/**
 * The person's current password (confirming who they are). Its limit is the sign-in one: an older
 * account's password may be longer than a new one may be.
 */
export function CurrentPasswordField({
  errors,
  id,
  maxLength = SIGN_IN_PASSWORD_MAX,
}: {
  errors?: string[];
  id?: string;
  maxLength?: number;
}) {
  return (
    <FormField label="Contraseña" id={id} name="password" required errors={errors}>
      {(field) => (
        <Input
          {...field}
          type="password"
          autoComplete="current-password"
          required
          aria-required
          maxLength={maxLength}
        />
      )}
    </FormField>
  );
}

/** The 6-digit code of the authenticator app (second sign-in step, confirming one's identity). */
export function AppCodeField({ errors, maxLength }: { errors?: string[]; maxLength?: number }) {
  return (
    <AccountField
      label="Código de la aplicación de autenticación"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={maxLength}
      errors={errors}
    />
  );
}

const emailInput = { type: "email", autoComplete: "email" } as const;

export function SignInForm({
  redirectTo,
  result,
  constraints,
}: {
  redirectTo?: string;
  result?: AuthActionData;
  constraints?: AccountConstraints;
}) {
  const submitting = useSubmitting("signin");
  const { field, formError, formProps } = useAccountForm(result, "SignInSchema", constraints);
  return (
    <Form method="post" className="flex flex-col gap-4" {...formProps}>
      <input type="hidden" name="intent" value="signin" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <AuthError message={formError} />
      <AccountField label="Email" {...field("email")} {...emailInput} />
      <AccountField
        label="Contraseña"
        {...field("password")}
        type="password"
        autoComplete="current-password"
      />
      <Button type="submit" disabled={submitting} size="lg">
        {submitting ? "Iniciando sesión..." : "Iniciar sesión"}
      </Button>
    </Form>
  );
}

export function SignUpForm({
  result,
  submitLabel = "Crear cuenta",
  token,
  constraints,
}: {
  result?: AuthActionData;
  constraints?: AccountConstraints;
  submitLabel?: string;
  /** The first-run setup form posts its one-time token along. */
  token?: string;
}) {
  const submitting = useSubmitting("signup");
  const { field, formError, formProps } = useAccountForm(result, "SignUpSchema", constraints);
  return (
    <Form method="post" className="flex flex-col gap-4" {...formProps}>
      <input type="hidden" name="intent" value="signup" />
      {token ? <input type="hidden" name="token" value={token} /> : null}
      <AuthError message={formError} />
      <AccountField label="Nombre completo" {...field("name")} autoComplete="name" />
      <AccountField label="Email" {...field("email")} {...emailInput} />
      <AccountField
        label="Contraseña"
        {...field("password")}
        type="password"
        autoComplete="new-password"
        description={`Al menos ${PASSWORD_MIN} caracteres. Una frase de varias palabras es fácil de recordar y difícil de adivinar.`}
      />
      <Button type="submit" disabled={submitting} size="lg">
        {submitting ? "Creando la cuenta…" : submitLabel}
      </Button>
    </Form>
  );
}

export function ForgotPasswordForm({
  result,
  constraints,
}: {
  result?: AuthActionData;
  constraints?: AccountConstraints;
}) {
  const submitting = useSubmitting("forgot");
  const { field, formError, formProps } = useAccountForm(
    result,
    "ForgotPasswordSchema",
    constraints,
  );
  return (
    <Form method="post" className="flex flex-col gap-4" {...formProps}>
      <input type="hidden" name="intent" value="forgot" />
      <AuthError message={formError} />
      <AccountField
        label="Email"
        {...field("email")}
        description="Te enviaremos un enlace para elegir una contraseña nueva."
        {...emailInput}
      />
      <Button type="submit" disabled={submitting} size="lg">
        {submitting ? "Enviando..." : "Enviar enlace de recuperación"}
      </Button>
    </Form>
  );
}
