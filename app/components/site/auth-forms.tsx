import { AlertCircle } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";

export interface AuthActionData {
  formError: string | null;
  fieldErrors: Record<string, string[]>;
}

/** The red box for sign-in errors (spec §2, Auth screen). */
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

export function SignInForm({
  redirectTo,
  result,
  action,
}: {
  redirectTo?: string;
  result?: AuthActionData;
  action?: string;
}) {
  const submitting = useSubmitting("signin");
  return (
    <Form method="post" action={action} className="flex flex-col gap-4" noValidate={false}>
      <input type="hidden" name="intent" value="signin" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <AuthError message={result?.formError} />
      <FormField label="Email" name="email" required>
        {(field) => <Input {...field} type="email" autoComplete="email" required maxLength={254} />}
      </FormField>
      <FormField label="Contraseña" name="password" required>
        {(field) => <Input {...field} type="password" autoComplete="current-password" required />}
      </FormField>
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
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="signup" />
      {token ? <input type="hidden" name="token" value={token} /> : null}
      <AuthError message={result?.formError} />
      <FormField label="Nombre completo" name="name" required errors={errors.name}>
        {(field) => <Input {...field} autoComplete="name" required maxLength={100} />}
      </FormField>
      <FormField label="Email" name="email" required errors={errors.email}>
        {(field) => <Input {...field} type="email" autoComplete="email" required maxLength={254} />}
      </FormField>
      <FormField
        label="Contraseña"
        name="password"
        required
        errors={errors.password}
        description="Al menos 8 caracteres. Una frase de varias palabras es fácil de recordar y difícil de adivinar."
      >
        {(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
          />
        )}
      </FormField>
      <Button type="submit" disabled={submitting} size="lg">
        {submitting ? "Creando cuenta..." : submitLabel}
      </Button>
    </Form>
  );
}

export function ForgotPasswordForm({ result }: { result?: AuthActionData }) {
  const submitting = useSubmitting("forgot");
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="forgot" />
      <AuthError message={result?.formError} />
      <FormField
        label="Email"
        name="email"
        required
        description="Te enviaremos un enlace para elegir una contraseña nueva."
      >
        {(field) => <Input {...field} type="email" autoComplete="email" required maxLength={254} />}
      </FormField>
      <Button type="submit" disabled={submitting} size="lg">
        {submitting ? "Enviando..." : "Enviar enlace de recuperación"}
      </Button>
    </Form>
  );
}
