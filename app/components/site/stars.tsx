/** A rating shown as five stars, read as 'Valoración: N de 5 estrellas'. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span
      role="img"
      aria-label={`Valoración: ${rating} de 5 estrellas`}
      className="text-lg leading-none tracking-wider"
    >
      <span aria-hidden="true" className="text-accent">
        {"★".repeat(rating)}
      </span>
      <span aria-hidden="true" className="text-border-strong">
        {"★".repeat(5 - rating)}
      </span>
    </span>
  );
}
