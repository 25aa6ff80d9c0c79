import { Form } from "react-router";
import { MailPlus } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { FormFailure } from "~/utils/form";

/**
 * 'Invitar a un paciente': the page's primary action (issue #34: a review the client writes
 * through their own link, shown as verified, rather than one staff type), a disclosure with the
 * client's e-mail. It opens by itself when the server refused an invitation
 * (`failed.intent === "invite"`), with the message under the field.
 */
export function InviteReviewerForm({ back, failed }: { back: string; failed?: FormFailure }) {
  return (
    <details open={failed?.intent === "invite" || undefined}>
      <summary
        className={buttonVariants({
          className: "w-fit list-none [&::-webkit-details-marker]:hidden",
        })}
      >
        <MailPlus aria-hidden="true" /> Invitar a un paciente
      </summary>
      <Form
        method="post"
        className="mt-2 flex flex-col gap-3 sm:max-w-md"
        aria-label="Invitar a un paciente a dejar una reseña"
      >
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="back" value={back} />
        <FormField
          label="Email del cliente"
          name="email"
          id="invite-email"
          required
          errors={failed?.intent === "invite" ? failed.fieldErrors.email : undefined}
          description="Recibe un enlace personal de un solo uso, válido 30 días. Su reseña se mostrará como verificada; su email, nunca."
        >
          {(field) => <Input {...field} type="email" required autoComplete="off" />}
        </FormField>
        <Button type="submit" className="self-start">
          Enviar la invitación
        </Button>
      </Form>
    </details>
  );
}
