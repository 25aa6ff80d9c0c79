import type { Editor } from "@tiptap/core";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";

/**
 * A dialog of the visual editor ('Enlace', 'Imagen'): its content is mounted while open (each
 * opening starts from the editor's selection) and closing puts the focus back in the text.
 */
export function EditorDialog({
  editor,
  open,
  onClose,
  children,
}: {
  editor: Editor;
  open: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          editor.commands.focus();
        }}
      >
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dialog's own `<form>`. It sits in a portal outside the article's form in the page, but
 * React bubbles events through the component tree: its submit stops here, never reaching the
 * article's form.
 */
export function EditorDialogForm({
  title,
  description,
  onSubmit,
  children,
  ...props
}: Omit<React.ComponentProps<"form">, "onSubmit" | "title"> & {
  title: string;
  description: React.ReactNode;
  onSubmit: () => void;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onSubmit();
      }}
      className="flex flex-col gap-4"
      {...props}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
    </form>
  );
}
