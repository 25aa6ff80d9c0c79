import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { ReviewForm } from "./review-form";

/** Loaded on the first click on 'Dejar una reseña' (it brings the dialog library with it). */
export function ReviewDialog({
  open,
  onOpenChange,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Dejar una reseña</DialogTitle>
          <DialogDescription>Cuéntanos cómo ha sido tu experiencia.</DialogDescription>
        </DialogHeader>
        <ReviewForm onSent={onSent} />
      </DialogContent>
    </Dialog>
  );
}
