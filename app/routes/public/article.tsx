import { data, Link } from "react-router";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/article";

/** No article is published yet (the blog fills this page): every slug is 'not found'. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Artículo no encontrado",
    path: location.pathname,
    noindex: true,
  });

export default function ArticlePage() {
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-h1">Artículo no encontrado</h1>
      <p className="mt-3 text-muted">El artículo que buscas no existe o ya no está disponible.</p>
      <Link to="/blog" className="mt-6 inline-block font-semibold text-primary underline">
        Volver al blog
      </Link>
    </section>
  );
}
