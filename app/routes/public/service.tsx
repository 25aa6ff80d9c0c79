import { Check } from "lucide-react";
import { data } from "react-router";
import { ServiceImage } from "~/components/site/images";
import { CallToAction, PageHeader } from "~/components/site/page-header";
import { SERVICE_IMAGE_LABELS } from "~/components/site/service-meta";
import { renderMarkdown } from "~/modules/content/markdown";
import { database } from "~/context";
import { serviceTexts } from "~/modules/pages/texts.server";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import type { Route } from "./+types/service";

export async function loader({ url, context }: Route.LoaderArgs) {
  const slug = url.pathname.split("/").pop() ?? "";
  const service = await serviceTexts(await database(context), slug);
  if (!service) throw data(null, { status: 404 });
  const { body, ...rest } = service;
  return { service: rest, html: renderMarkdown(body) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta(rootFromMatches(matches), {
    title: loaderData?.service.title ?? "Servicios",
    description: loaderData?.service.metaDescription,
    path: location.pathname,
    breadcrumbs: loaderData
      ? [
          { name: "Servicios", path: "/servicios" },
          { name: loaderData.service.title, path: location.pathname },
        ]
      : undefined,
  });

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, html } = loaderData;
  const root = useRootData();
  return (
    <>
      <PageHeader
        title={service.title}
        lead={service.summary}
        crumbs={[{ to: "/servicios", label: "Servicios" }]}
      />
      <div className="container-page grid gap-12 py-14 lg:grid-cols-[1fr_20rem]">
        <article className="prose-reading" dangerouslySetInnerHTML={{ __html: html }} />
        <aside className="flex flex-col gap-6" aria-label={`Resumen de ${service.title}`}>
          <ServiceImage
            loading="lazy"
            service={service.slug}
            className="h-auto w-full rounded-card bg-primary-soft"
            alt={SERVICE_IMAGE_LABELS[service.slug]}
          />
          <ServiceFacts
            facts={[
              ["Precio", service.price],
              ["Duración", service.duration],
              ["Modalidad", service.modality],
              ["Dirección", service.address || root?.settings.partnerCentreAddress || ""],
            ]}
          />
          <div className="rounded-card border border-border bg-surface p-5 shadow-soft">
            <h2 className="text-h3">Beneficios</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {service.benefits.map((b) => (
                <li key={b} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-success" />
                  {b}
                </li>
              ))}
            </ul>
          </div>
          {service.audience.length ? (
            <div className="rounded-card border border-border bg-surface p-5 shadow-soft">
              <h2 className="text-h3">¿Para quién es?</h2>
              <ul className="mt-3 list-disc pl-5">
                {service.audience.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </aside>
      </div>
      {service.faq.length ? (
        <section aria-labelledby="faq-titulo" className="bg-sand py-14">
          <div className="container-page max-w-3xl">
            <h2 id="faq-titulo" className="text-h2">
              Preguntas frecuentes
            </h2>
            <div className="mt-6 flex flex-col gap-3">
              {service.faq.map((f) => (
                <details
                  key={f.q}
                  className="group rounded-card border border-border bg-surface p-5 shadow-soft"
                >
                  <summary className="cursor-pointer list-none font-semibold marker:hidden [&::-webkit-details-marker]:hidden">
                    <span className="flex items-center justify-between gap-4">
                      {f.q}
                      <span aria-hidden="true" className="text-primary group-open:rotate-45">
                        +
                      </span>
                    </span>
                  </summary>
                  <p className="mt-3 text-ink-soft">{f.a}</p>
                </details>
              ))}
            </div>
          </div>
        </section>
      ) : null}
      <CallToAction bookingUrl={root?.settings.bookingUrl ?? ""} />
    </>
  );
}

/** Price, duration, modality and address as she wrote them in 'Textos de la web' (empty: left out). */
function ServiceFacts({ facts }: { facts: [label: string, value: string][] }) {
  const shown = facts.filter(([, value]) => value.trim() !== "");
  if (shown.length === 0) return null;
  return (
    <div className="rounded-card border border-border bg-surface p-5 shadow-soft">
      <h2 className="text-h3">Datos prácticos</h2>
      <dl className="mt-3 flex flex-col gap-2">
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
