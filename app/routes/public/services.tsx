import { CallToAction, PageHeader } from "~/components/site/page-header";
import { ServiceCards } from "~/components/site/landing/sections";
import { database } from "~/context";
import { listServiceTexts } from "~/modules/pages/texts.server";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Servicios",
    description:
      "Terapia individual, terapia de pareja, trabajo con grupos y mindfulness con una psicóloga general sanitaria colegiada.",
    path: "/servicios",
    breadcrumbs: [{ name: "Servicios", path: "/servicios" }],
  });

export async function loader({ context }: Route.LoaderArgs) {
  return {
    services: (await listServiceTexts(await database(context))).map(
      ({ slug, title, summary, benefits }) => ({
        slug,
        title,
        summary,
        benefits,
      }),
    ),
  };
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <>
      <PageHeader
        title="Servicios"
        lead="Terapia y formación con un enfoque cercano y basado en la evidencia. Las sesiones se realizan en un centro sanitario colaborador; otros servicios y modalidades, bajo consulta."
      />
      <section aria-label="Servicios profesionales" className="py-14">
        <div className="container-page">
          <ServiceCards services={loaderData.services} headingLevel="h2" firstOnScreen />
        </div>
      </section>
      <CallToAction bookingUrl={root?.settings.bookingUrl ?? ""} />
    </>
  );
}
