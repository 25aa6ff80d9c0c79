import { AlertCircle } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import {
  type AccountFieldErrors,
  checkForgotPassword,
  checkSignIn,
  checkSignUp,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "~/modules/accounts/form-rules";
import { useFieldErrors } from "~/utils/use-field-errors";

export interface AuthActionData {
  formError: string | null;
  fieldErrors: AccountFieldErrors;
}

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

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * An account form checked in the browser with the server's messages (form-rules.ts) before it is
 * sent (without `check`, by the server only); the server's answer shows the same way, each message
 * under its field. `noValidate` on the form: never the browser's own bubbles.
 */
export function useAccountForm(
  result: AuthActionData | undefined,
  check: (values: Record<string, FormDataEntryValue>) => AccountFieldErrors = () => ({}),
) {
  const fields = useFieldErrors<AccountFieldErrors>(result?.fieldErrors);
  // A server message (e.g. 'Credenciales incorrectas') stops applying once the browser's own
  // check finds something to correct; the next answer shows again.
  const [staleAnswer, setStaleAnswer] = useState<AuthActionData | undefined>(undefined);
  return {
    errorsOf: fields.of,
    formError: result && staleAnswer === result ? null : result?.formError,
    formProps: {
      ref: fields.formRef,
      noValidate: true,
      onChange: fields.clearOnChange,
      onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
        if (fields.show(check(Object.fromEntries(new FormData(event.currentTarget))))) return;
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

/** The 6-digit code of the authenticator app (second sign-in step, confirming one's identity). */
export function AppCodeField({ errors }: { errors?: string[] }) {
  return (
    <AccountField
      label="Código de la aplicación de autenticación"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      errors={errors}
    />
  );
}

const emailInput = { type: "email", autoComplete: "email", maxLength: EMAIL_MAX } as const;

export function SignInForm({
  redirectTo,
  result,
}: {
  redirectTo?: string;
  result?: AuthActionData;
}) {
  const submitting = useSubmitting("signin");
  const { errorsOf, formError, formProps } = useAccountForm(result, checkSignIn);
  return (
    <Form method="post" className="flex flex-col gap-4" {...formProps}>
      <input type="hidden" name="intent" value="signin" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <AuthError message={formError} />
      <AccountField label="Email" name="email" errors={errorsOf("email")} {...emailInput} />
      <AccountField
        label="Contraseña"
        name="password"
        type="password"
        autoComplete="current-password"
        errors={errorsOf("password")}
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
}: {
  result?: AuthActionData;
  submitLabel?: string;
  /** The first-run setup form posts its one-time token along. */
  token?: string;
}) {
  const submitting = useSubmitting("signup");
  const { errorsOf, formError, formProps } = useAccountForm(result, checkSignUp);
  return (
    <Form method="post" className="flex flex-col gap-4" {...formProps}>
      <input type="hidden" name="intent" value="signup" />
      {token ? <input type="hidden" name="token" value={token} /> : null}
      <AuthError message={formError} />
      <AccountField
        label="Nombre completo"
        name="name"
        autoComplete="name"
        maxLength={NAME_MAX}
        errors={errorsOf("name")}
      />
      <AccountField label="Email" name="email" errors={errorsOf("email")} {...emailInput} />
      <AccountField
        label="Contraseña"
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        errors={errorsOf("password")}
        description={`Al menos ${PASSWORD_MIN} caracteres. Una frase de varias palabras es fácil de recordar y difícil de adivinar.`}
      />
      <Button type="submit" disabled={submitting} size="lg">
        {submitting ? "Creando cuenta..." : submitLabel}
      </Button>
    </Form>
  );
}

export function ForgotPasswordForm({ result }: { result?: AuthActionData }) {
  const submitting = useSubmitting("forgot");
  const { errorsOf, formError, formProps } = useAccountForm(result, checkForgotPassword);
  return (
    <Form method="post" className="flex flex-col gap-4" {...formProps}>
      <input type="hidden" name="intent" value="forgot" />
      <AuthError message={formError} />
      <AccountField
        label="Email"
        name="email"
        errors={errorsOf("email")}
        description="Te enviaremos un enlace para elegir una contraseña nueva."
        {...emailInput}
      />
      <Button type="submit" disabled={submitting} size="lg">
        {submitting ? "Enviando..." : "Enviar enlace de recuperación"}
      </Button>
    </Form>
  );
}
