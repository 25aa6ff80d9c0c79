import { Award, Building2, GraduationCap } from "lucide-react";
import { ProfessionalPortrait } from "~/components/site/images";
import { CallToAction, PageHeader } from "~/components/site/page-header";
import { database } from "~/context";
import { renderMarkdown } from "~/modules/content/markdown";
import { aboutTexts } from "~/modules/pages/texts.server";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/about";

// The description is her own presentation ('Textos de la web'), cut at a word near 160 characters.
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(rootFromMatches(matches), {
    title: "Sobre mí",
    description: loaderData ? shorten(loaderData.about.intro, 160) : undefined,
    path: "/sobre-mi",
    breadcrumbs: [{ name: "Sobre mí", path: "/sobre-mi" }],
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { body, ...about } = await aboutTexts(await database(context));
  return { about: { ...about, html: renderMarkdown(body) } };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  const root = useRootData();
  if (!root) return null;
  const { settings } = root;
  return (
    <>
      <PageHeader title="Sobre mí" lead={about.intro} />
      <div className="container-page grid gap-12 py-14 md:grid-cols-[minmax(0,20rem)_1fr]">
        <ProfessionalPortrait
          portrait={settings.portrait}
          name={settings.professionalName}
          className="mx-auto h-auto w-full max-w-xs rounded-card shadow-soft"
        />
        <div>
          <h2 className="text-h2">{settings.professionalName}</h2>
          <p className="font-semibold text-primary-strong">
            {settings.professionalTitle}
            {settings.collegeNumber ? ` · Nº de colegiada ${settings.collegeNumber}` : null}
          </p>
          <div className="prose-reading mt-4" dangerouslySetInnerHTML={{ __html: about.html }} />
        </div>
      </div>
      <section aria-labelledby="enfoque-titulo" className="bg-sand py-14">
        <div className="container-page">
          <h2 id="enfoque-titulo" className="text-h2">
            Mi forma de trabajar
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {about.approach.map((a) => (
              <li key={a.title} className="rounded-card bg-surface p-6 shadow-soft">
                <h3 className="text-h3">{a.title}</h3>
                <p className="mt-2 text-muted">{a.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="formacion-titulo" className="py-14">
        <div className="container-page grid gap-10 md:grid-cols-2">
          <div>
            <h2 id="formacion-titulo" className="text-h2">
              Formación
            </h2>
            <ul className="mt-6 flex flex-col gap-3">
              {about.training.map((t) => (
                <li key={t} className="flex gap-3">
                  <GraduationCap aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
                  {t}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-h2">Credenciales</h2>
            <ul className="mt-6 flex flex-col gap-4">
              <li className="flex gap-3">
                <GraduationCap aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
                <div>
                  <p className="font-semibold">Titulación oficial</p>
                  <p className="text-muted">{settings.qualification}</p>
                </div>
              </li>
              <li className="flex gap-3">
                <Award aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
                <div>
                  <p className="font-semibold">Colegio profesional</p>
                  <p className="text-muted">
                    {settings.collegeName}
                    {settings.collegeNumber ? `, nº de colegiada ${settings.collegeNumber}` : null}
                  </p>
                </div>
              </li>
              {settings.healthRegistryNumber ? (
                <li className="flex gap-3">
                  <Building2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
                  <div>
                    <p className="font-semibold">Registro sanitario</p>
                    <p className="text-muted">Nº {settings.healthRegistryNumber}</p>
                  </div>
                </li>
              ) : null}
            </ul>
          </div>
        </div>
      </section>
      <CallToAction bookingUrl={settings.bookingUrl} />
    </>
  );
}

function shorten(text: string, max: number) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1))}…`;
}
