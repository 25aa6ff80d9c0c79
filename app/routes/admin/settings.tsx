import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { ImageUpload } from "~/components/admin/image-upload";
import { PublicationsFields } from "~/components/admin/publications-fields";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { database } from "~/context";
import { audit } from "~/platform/audit.server";
import { clientInfo, requireRecentAuth, requireUser } from "~/modules/accounts/guard.server";
import { SETTINGS_SECTIONS, settingsFromForm } from "~/modules/settings/form";
import { isPlaceholder, SettingsSchema } from "~/modules/settings/schemas";
import { SOCIAL_LABELS, SOCIAL_NETWORKS } from "~/modules/settings/social";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { redirectWithToast } from "~/utils/toast.server";
import { adminMeta } from "~/utils/admin-meta";
import type { Route } from "./+types/settings";
import { readForm } from "~/utils/form";
import { failure } from "~/utils/action.server";
import { htmlConstraints, parseWith } from "~/utils/form-schema";
import { useFieldErrors } from "~/utils/use-field-errors";

export const meta: Route.MetaFunction = () => adminMeta("Ajustes");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "settings.manage");
  const settings = await getSettings(await database(context));
  const placeholders = Object.keys(settings).filter((k) =>
    isPlaceholder(k as keyof typeof settings, settings[k as keyof typeof settings]),
  );
  return { settings, placeholders, constraints: htmlConstraints(SettingsSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireUser(request, context, "settings.manage");
  await requireRecentAuth(request, context, me);
  const db = await database(context);
  const before = await getSettings(db);
  const result = await updateSettings(db, settingsFromForm(await readForm(request)));
  if (!result.ok) return failure({ ...result, status: 400 });
  const changed = Object.keys(result.settings).filter(
    (k) =>
      JSON.stringify(result.settings[k as keyof typeof before]) !==
      JSON.stringify(before[k as keyof typeof before]),
  );
  await audit(db, {
    action: "settings_changed",
    actor: me,
    details: { fields: changed },
    ip: clientInfo(request, context).ip,
  });
  return redirectWithToast("/admin/ajustes", {
    title: "Configuración guardada",
    description: "Los cambios han sido guardados correctamente",
  });
}

const INPUT_TYPES: Record<string, string> = {
  text: "text",
  email: "email",
  tel: "tel",
  url: "url",
  number: "number",
  date: "date",
};

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, placeholders, constraints } = loaderData;
  const maxLength = (name: string) => constraints[name]?.maxLength;
  // Checked in the browser by the action's schema before sending (noValidate: Spanish messages,
  // never the browser's bubbles); the server's answer shows the same way.
  const fields = useFieldErrors(actionData?.fieldErrors);
  const errors = fields.errors;
  const marked = Object.values(errors).filter((m) => m?.length).length;
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const verdict = parseWith(SettingsSchema, settingsFromForm(new FormData(event.currentTarget)));
    if (!fields.show(verdict.ok ? {} : verdict.fieldErrors)) event.preventDefault();
  };
  const saving = useNavigation().state === "submitting";
  const [uploading, setUploading] = useState(false);
  const example = (
    <Badge variant="warning" className="ml-2 align-middle">
      Valor de ejemplo
    </Badge>
  );
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-h1">Ajustes</h1>
        <p className="mt-1 text-muted">
          Estos datos aparecen en toda la web pública y en los textos legales. Sustituye los valores
          de ejemplo antes de publicar: mientras un número, una dirección o un enlace conserva su
          valor de ejemplo, la web pública no lo muestra.
        </p>
      </div>
      <nav aria-labelledby="settings-index">
        <h2 id="settings-index" className="text-sm font-semibold text-muted">
          En esta página
        </h2>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {[...SETTINGS_SECTIONS, { id: "publicaciones", title: "Publicaciones" }].map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="inline-flex min-h-11 items-center text-primary underline"
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {marked > 0 ? (
        <p role="alert" className="rounded-field bg-danger-soft p-3 text-danger">
          Revisa los campos marcados: hay {marked} con errores.
        </p>
      ) : null}
      <Form
        ref={fields.formRef}
        method="post"
        noValidate
        onChange={fields.clearOnChange}
        onSubmit={onSubmit}
        className="flex flex-col gap-8"
      >
        {SETTINGS_SECTIONS.map((section) => (
          <fieldset
            key={section.id}
            id={section.id}
            className="flex scroll-mt-4 flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-soft"
          >
            <legend className="px-1 font-serif text-h3 font-semibold">{section.title}</legend>
            {section.fields.map((f) => {
              const value = settings[f.key];
              const label = (
                <>
                  {f.label}
                  {placeholders.includes(f.key) && f.kind !== "switch" ? example : null}
                </>
              );
              if (f.kind === "switch") {
                return (
                  <div key={f.key} className="flex items-start justify-between gap-4">
                    <div>
                      <label htmlFor={f.key} className="font-semibold">
                        {f.label}
                      </label>
                      {f.description ? (
                        <p id={`${f.key}-description`} className="text-sm text-muted">
                          {f.description}
                        </p>
                      ) : null}
                    </div>
                    <Switch
                      id={f.key}
                      name={f.key}
                      defaultChecked={Boolean(value)}
                      aria-describedby={f.description ? `${f.key}-description` : undefined}
                    />
                  </div>
                );
              }
              return (
                <FormField
                  key={f.key}
                  label={label}
                  name={f.key}
                  required={f.kind !== "url" && !f.optional && f.key !== "analyticsMeasurementId"}
                  description={f.description}
                  errors={errors[f.key]}
                >
                  {(field) =>
                    f.kind === "select" ? (
                      <NativeSelect {...field} defaultValue={String(value)}>
                        {f.options?.map(([option, text]) => (
                          <option key={option} value={option}>
                            {text}
                          </option>
                        ))}
                      </NativeSelect>
                    ) : f.kind === "textarea" ? (
                      <Textarea
                        {...field}
                        defaultValue={String(value)}
                        rows={3}
                        maxLength={maxLength(f.key)}
                      />
                    ) : (
                      <Input
                        {...field}
                        type={INPUT_TYPES[f.kind]}
                        defaultValue={String(value)}
                        maxLength={maxLength(f.key)}
                        min={constraints[f.key]?.min}
                        max={constraints[f.key]?.max}
                      />
                    )
                  }
                </FormField>
              );
            })}
            {section.title === "Datos profesionales y legales" ? (
              <div className="flex flex-col gap-4 border-t border-border pt-4">
                <ImageUpload
                  name="portrait.url"
                  label="Retrato profesional (opcional)"
                  description="Se muestra en la página de inicio y en 'Sobre mí' en lugar de la ilustración."
                  defaultValue={settings.portrait.url}
                  previewAlt={settings.portrait.alt}
                  errors={errors["portrait.url"]}
                  onUploadingChange={setUploading}
                />
                <FormField
                  label="Texto alternativo del retrato"
                  name="portrait.alt"
                  description="Describe la foto para quien no puede verla, p. ej. 'Ana Ruiz sonriendo en su consulta'. Obligatorio si hay retrato."
                  errors={errors["portrait.alt"]}
                >
                  {(field) => (
                    <Input
                      {...field}
                      defaultValue={settings.portrait.alt}
                      maxLength={maxLength("portrait.alt")}
                    />
                  )}
                </FormField>
              </div>
            ) : null}
            {section.title === "Preferencias" ? (
              <div className="flex flex-col gap-4 border-t border-border pt-4">
                <p className="font-semibold">Redes sociales</p>
                {SOCIAL_NETWORKS.map((n) => (
                  <FormField
                    key={n}
                    label={SOCIAL_LABELS[n]}
                    name={`socialLinks.${n}`}
                    errors={errors[`socialLinks.${n}`]}
                  >
                    {(field) => (
                      <Input
                        {...field}
                        type="url"
                        placeholder="https://"
                        defaultValue={settings.socialLinks[n]}
                      />
                    )}
                  </FormField>
                ))}
              </div>
            ) : null}
          </fieldset>
        ))}
        <PublicationsFields
          publications={settings.publications}
          errors={errors}
          maxLength={maxLength}
        />
        <div className="sticky bottom-0 flex justify-start border-t border-border bg-paper/95 py-4">
          <Button type="submit" size="lg" disabled={saving || uploading}>
            {saving ? "Guardando..." : uploading ? "Subiendo imagen..." : "Guardar cambios"}
          </Button>
        </div>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
