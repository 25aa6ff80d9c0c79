import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";

/**
 * A destructive action behind a confirmation dialog that posts `fields` to the page's action.
 * The confirm button is a plain submit button: Radix's AlertDialog.Action would close (and
 * unmount) the dialog before the browser submits its form, so nothing would be sent. The
 * dialog closes once the submission has been answered.
 */
export function ConfirmAction({
  trigger,
  title,
  description,
  fields,
  confirmLabel = "Eliminar",
  check,
}: {
  trigger: React.ReactNode;
  title: string;
  description: React.ReactNode;
  fields: Record<string, string | number>;
  confirmLabel?: string;
  /** Runs when the trigger is used: false keeps the dialog closed (a field to correct first). */
  check?: () => boolean;
}) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") return;
    if (sent.current) setOpen(false);
    sent.current = false;
  }, [navigation.state]);
  const busy = sent.current && navigation.state !== "idle";
  return (
    <AlertDialog open={open} onOpenChange={(next) => setOpen(next && check ? check() : next)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <Form method="post" onSubmit={() => (sent.current = true)}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <AlertDialogFooter>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
            <Button type="submit" variant="danger" disabled={busy}>
              {confirmLabel}
            </Button>
          </AlertDialogFooter>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
