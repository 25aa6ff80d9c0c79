// Its own module: each legal page is a separate chunk, and importing this from one page's module
// would load that whole page on the others.

/** A term and its value; left out while the value is empty (still an example in Ajustes). */
export function Row({ term, value }: { term: string; value: string }) {
  if (!value) return null;
  return (
    <div>
      <dt className="font-semibold">{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
