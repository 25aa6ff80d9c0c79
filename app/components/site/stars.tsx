import { Star } from "lucide-react";

/** A rating shown as five stars, read as 'Valoración: N de 5 estrellas'. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span
      role="img"
      aria-label={`Valoración: ${rating} de 5 estrellas`}
      className="inline-flex gap-0.5"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={n <= rating ? "size-4 fill-accent text-accent" : "size-4 text-border-strong"}
        />
      ))}
    </span>
  );
}
