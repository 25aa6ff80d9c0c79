import { ExternalLinkButton } from "~/components/ui/link-button";
import { Button } from "~/components/ui/button";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootFromMatches(matches);
  return pageMeta(root, {
    title: root ? `${root.settings.professionalName}, ${root.settings.professionalTitle}` : "Inicio",
    path: "/",
  });
};

const SECTIONS = [
  { id: "sobre-mi", title: "Sobre mí" },
  { id: "servicios", title: "Servicios profesionales" },
  { id: "reseñas", title: "Reseñas" },
  { id: "blog-destacados", title: "Artículos destacados" },
  { id: "contacto", title: "Contacto" },
  { id: "colaboraciones", title: "Colaboraciones" },
];

export default function Home() {
  const root = useRootData();
  if (!root) return null;
  const { settings } = root;
  return (
    <>
      <section id="inicio" aria-labelledby="inicio-titulo" className="py-16 md:py-24">
        <div className="container-page">
          <p className="inline-flex rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold text-primary-strong">
            {settings.professionalTitle} · Nº de colegiada {settings.collegeNumber}
          </p>
          <h1 id="inicio-titulo" className="mt-5 max-w-3xl text-display">
            {settings.professionalName}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted">
            Un espacio seguro y cercano para cuidar tu bienestar emocional, a tu ritmo.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild variant="accent" size="lg">
              <a href="#contacto">Contactar ahora</a>
            </Button>
            {settings.bookingUrl ? (
              <ExternalLinkButton href={settings.bookingUrl} variant="outline" size="lg">
                Solicitar cita
              </ExternalLinkButton>
            ) : null}
          </div>
        </div>
      </section>
      {SECTIONS.map((s, i) => (
        <section
          key={s.id}
          id={s.id}
          aria-labelledby={`${s.id}-titulo`}
          className={i % 2 === 0 ? "bg-sand py-16" : "py-16"}
        >
          <div className="container-page">
            <h2 id={`${s.id}-titulo`} className="text-h2">
              {s.title}
            </h2>
            <p className="mt-3 text-muted">Sección en construcción.</p>
          </div>
        </section>
      ))}
    </>
  );
}
