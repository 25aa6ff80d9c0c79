import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FlagNotice } from "~/components/admin/flag-notice";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { reviewFlags } from "~/modules/compliance/flags";
import { ReviewAdminSchema } from "~/modules/reviews/schema";
import type { FormFailure } from "~/utils/form";
import { type FieldConstraints, parseWith } from "~/utils/form-schema";
import { useFieldErrors } from "~/utils/use-field-errors";
import type { ReviewRow } from "./review-card";

/**
 * 'Nueva reseña' / 'Editar reseña': the dialog with the review's form, checked in the browser
 * with the server's rules and messages (noValidate, ReviewAdminSchema), the moderation check
 * (FlagNotice) as staff type, and 'Publicada'. It closes once a save went through; a refused save
 * keeps it open with its errors. Always rendered: `editing` (null when closed) says what it edits.
 */
export function ReviewDialog({
  editing,
  onClose,
  answer,
  failed,
  constraints,
  back,
}: {
  editing: ReviewRow | "new" | null;
  onClose: () => void;
  /** The action's answer to the last form this page sent (undefined after a redirect). */
  answer: unknown;
  /** That answer when it refused the form. */
  failed?: FormFailure;
  constraints: Record<string, FieldConstraints>;
  back: string;
}) {
  const navigation = useNavigation();
  // The text being edited, for the moderation check as staff type (null: the saved text).
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => setDraft(null), [editing]);
  const fields = useFieldErrors(failed?.fieldErrors, editing === "new" ? "new" : editing?.id);
  // Close the dialog once a save went through (a failed save keeps it open with its errors).
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting") submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!answer) onClose();
    }
  }, [navigation.state, answer, onClose]);

  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing === "new" ? "Nueva reseña" : "Editar reseña"}</DialogTitle>
          <DialogDescription>
            Las reseñas publicadas se ven en la página de inicio.
          </DialogDescription>
        </DialogHeader>
        {editing ? (
          <Form
            ref={fields.formRef}
            method="post"
            noValidate
            onChange={fields.clearOnChange}
            onSubmit={(event) => {
              const raw = Object.fromEntries(new FormData(event.currentTarget));
              const verdict = parseWith(ReviewAdminSchema, raw);
              if (!fields.show(verdict.ok ? {} : verdict.fieldErrors)) {
                event.preventDefault();
              }
            }}
            className="flex flex-col gap-4"
            key={editing === "new" ? "new" : editing.id}
          >
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="back" value={back} />
            {editing !== "new" ? <input type="hidden" name="id" value={editing.id} /> : null}
            {failed?.formError ? (
              <p role="alert" className="text-danger">
                {failed.formError}
              </p>
            ) : null}
            <FormField label="Nombre" name="name" required errors={fields.of("name")}>
              {(field) => (
                <Input
                  {...field}
                  required
                  aria-required
                  maxLength={constraints.name?.maxLength}
                  defaultValue={editing === "new" ? "" : editing.name}
                />
              )}
            </FormField>
            <FormField label="Servicio" name="role" errors={fields.of("role")}>
              {(field) => (
                <Input
                  {...field}
                  maxLength={constraints.role?.maxLength}
                  defaultValue={editing === "new" ? "" : editing.role}
                />
              )}
            </FormField>
            <FormField label="Reseña" name="content" required errors={fields.of("content")}>
              {(field) => (
                <Textarea
                  {...field}
                  required
                  aria-required
                  rows={5}
                  maxLength={constraints.content?.maxLength}
                  defaultValue={editing === "new" ? "" : editing.content}
                  onChange={(event) => setDraft(event.currentTarget.value)}
                />
              )}
            </FormField>
            <FlagNotice flags={reviewFlags(draft ?? (editing === "new" ? "" : editing.content))} />
            <FormField label="Valoración" name="rating" required errors={fields.of("rating")}>
              {(field) => (
                <NativeSelect
                  {...field}
                  defaultValue={String(editing === "new" ? 5 : editing.rating)}
                >
                  {[1, 2, 3, 4, 5].map((n) => (
                    <option key={n} value={n}>
                      {n === 1 ? "1 estrella" : `${n} estrellas`}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <div className="flex items-center justify-between gap-4">
              <label htmlFor="isPublished" className="font-semibold">
                Publicada
              </label>
              <Switch
                id="isPublished"
                name="isPublished"
                defaultChecked={editing !== "new" && editing.isPublished}
              />
            </div>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" disabled={navigation.state === "submitting"}>
                {navigation.state === "submitting" ? "Guardando..." : "Guardar"}
              </Button>
            </div>
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
