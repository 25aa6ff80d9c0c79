import { ArrowLeft } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { database } from "~/context";
import { clientInfo, requireUser } from "~/modules/accounts/guard.server";
import { getIntake, saveIntake } from "~/modules/consent/documents.server";
import {
  CONSENT_LIMITS,
  DEFAULT_INTAKE,
  EXTRA_QUESTION_ROWS,
  type IntakeQuestion,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  questionsFromForm,
} from "~/modules/consent/rules";
import { failure } from "~/utils/action.server";
import { adminMeta } from "~/utils/admin-meta";
import { readForm } from "~/utils/form";
import { redirectWithToast } from "~/utils/toast.server";
import { useFieldErrors } from "~/utils/use-field-errors";
import type { Route } from "./+types/intake";

export const meta: Route.MetaFunction = () => adminMeta("Cuestionario inicial");

/** The most rows the form posts (the questions' limit): what the action reads. */
const MAX_ROWS = CONSENT_LIMITS.questions + EXTRA_QUESTION_ROWS;

/**
 * The intake questionnaire (/admin/consentimientos/cuestionario): a few questions of four kinds,
 * in order. A row left without its question is removed; two empty rows add new ones.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "consent.documents");
  return await getIntake(await database(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "consent.documents");
  const form = await readForm(request);
  const db = await database(context);
  const ip = clientInfo(request, context).ip;
  if (form.get("intent") === "default") {
    const result = await saveIntake(db, user, { enabled: true, questions: DEFAULT_INTAKE }, ip);
    if (!result.ok) return failure(result);
    return redirectWithToast("/admin/consentimientos/cuestionario", {
      title: "Cuestionario restablecido",
      description: "Vuelve a tener las cuatro preguntas de partida.",
    });
  }
  if (form.get("intent") !== "save") {
    return failure({ status: 400, formError: "No se ha entendido la petición." });
  }
  const result = await saveIntake(
    db,
    user,
    { enabled: form.get("enabled") === "on", questions: questionsFromForm(form, MAX_ROWS) },
    ip,
  );
  if (!result.ok) return failure(result);
  return redirectWithToast("/admin/consentimientos/cuestionario", {
    title: "Cuestionario guardado",
    description: "Se usará en los consentimientos que envíes desde ahora.",
  });
}

const BLANK: IntakeQuestion = { id: "", kind: "text", label: "", options: [], required: false };

export default function IntakePage({ loaderData, actionData }: Route.ComponentProps) {
  const { enabled, questions } = loaderData;
  const fields = useFieldErrors(actionData?.fieldErrors, questions.length);
  const saving = useNavigation().state === "submitting";
  const rows = [
    ...questions,
    ...Array.from(
      { length: Math.min(EXTRA_QUESTION_ROWS, MAX_ROWS - questions.length) },
      () => BLANK,
    ),
  ];
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <Link
          to="/admin/consentimientos"
          className="inline-flex min-h-11 items-center gap-1 text-primary underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Consentimientos
        </Link>
        <h1 className="text-h1">Cuestionario inicial</h1>
        <p className="mt-1 text-muted">
          Lo responde quien firma el consentimiento (en menores, el primer progenitor). Pregunta
          solo lo que necesites para preparar la primera sesión. Las respuestas se guardan cifradas
          y solo tú puedes leerlas. Para quitar una pregunta, borra su texto; para añadir, usa las
          filas vacías del final.
        </p>
      </div>
      {actionData?.formError ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          {actionData.formError}
        </p>
      ) : null}
      <Form
        ref={fields.formRef}
        method="post"
        noValidate
        onChange={fields.clearOnChange}
        className="flex flex-col gap-5"
      >
        <input type="hidden" name="intent" value="save" />
        <label htmlFor="enabled" className="flex min-h-11 items-center gap-3">
          <Checkbox id="enabled" name="enabled" value="on" defaultChecked={enabled} />
          <span>Enviar el cuestionario junto con el consentimiento</span>
        </label>
        <ol className="flex flex-col gap-4">
          {rows.map((q, i) => (
            <li
              key={`${q.id}-${i}`}
              className="rounded-card border border-border bg-surface p-4 shadow-soft"
            >
              <fieldset className="flex flex-col gap-3">
                <legend className="font-semibold">
                  {q.label ? `Pregunta ${i + 1}` : `Pregunta nueva (${i + 1})`}
                </legend>
                <input type="hidden" name={`q${i}.id`} value={q.id} />
                <FormField label="Pregunta" name={`q${i}.label`} errors={fields.of(`q${i}.label`)}>
                  {(field) => <Input {...field} defaultValue={q.label} />}
                </FormField>
                <div className="grid gap-3 sm:grid-cols-2">
                  <FormField
                    label="Tipo de respuesta"
                    name={`q${i}.kind`}
                    errors={fields.of(`q${i}.kind`)}
                  >
                    {(field) => (
                      <NativeSelect {...field} defaultValue={q.kind}>
                        {QUESTION_KINDS.map((k) => (
                          <option key={k} value={k}>
                            {QUESTION_KIND_LABELS[k]}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </FormField>
                  <label
                    htmlFor={`q${i}.required`}
                    className="flex min-h-11 items-center gap-3 self-end"
                  >
                    <Checkbox
                      id={`q${i}.required`}
                      name={`q${i}.required`}
                      value="on"
                      defaultChecked={q.required}
                    />
                    <span>Obligatoria</span>
                  </label>
                </div>
                <FormField
                  label="Opciones (solo para «Elegir una opción»), una por línea"
                  name={`q${i}.options`}
                  errors={fields.of(`q${i}.options`)}
                >
                  {(field) => <Textarea {...field} rows={3} defaultValue={q.options.join("\n")} />}
                </FormField>
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" disabled={saving}>
            {saving ? "Guardando..." : "Guardar el cuestionario"}
          </Button>
        </div>
      </Form>
      <div>
        <ConfirmAction
          trigger={
            <Button type="button" variant="outline" size="sm">
              Volver a las preguntas de partida
            </Button>
          }
          title="Volver a las preguntas de partida"
          description="Tus preguntas se sustituyen por las cuatro de partida. Los consentimientos ya enviados conservan las suyas."
          fields={{ intent: "default" }}
          confirmLabel="Volver a las de partida"
        />
      </div>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
