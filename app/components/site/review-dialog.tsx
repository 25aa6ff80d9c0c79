import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { ReviewSchema } from "~/modules/reviews/schema";
import { htmlConstraints } from "~/utils/form-schema";
import { ReviewForm } from "./review-form";

// This chunk loads on the first click on 'Dejar una reseña': the schema may come with it.
const constraints = htmlConstraints(ReviewSchema);

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
        <ReviewForm onSent={onSent} constraints={constraints} />
      </DialogContent>
    </Dialog>
  );
}
