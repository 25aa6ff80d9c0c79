import {
  AboutSection,
  CollaborationCards,
  ContactDetails,
  CredentialsSection,
  Hero,
  PublicationsSection,
  Section,
  ServiceCards,
} from "~/components/site/landing/sections";
import { ArticleCard } from "~/components/site/article-card";
import { CONTACT_SECTION_ID, ContactForm } from "~/components/site/contact-form";
import { ReviewsSection } from "~/components/site/landing/reviews-section";
import { database } from "~/context";
import { featuredArticles } from "~/modules/blog/blog.server";
import { contactAction, notContact, readForm } from "~/modules/contact/contact-action.server";
import { ContactSchema } from "~/modules/contact/schema";
import { ReviewSchema } from "~/modules/reviews/schema";
import { reviewsForHome } from "~/modules/reviews/reviews.server";
import { homeTexts } from "~/modules/pages/texts.server";
import { useRootData } from "~/root";
import { pageMeta, rootFromMatches } from "~/utils/meta";
import { requestSettings } from "~/modules/settings/settings.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/home";
import { htmlConstraints } from "~/utils/form-schema";
import { practiceJsonLd, websiteJsonLd } from "~/modules/seo/structured-data";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootFromMatches(matches);
  return pageMeta(root, {
    title: root
      ? `${root.settings.professionalName}, ${root.settings.professionalTitle}`
      : "Inicio",
    path: "/",
    jsonLd: loaderData?.jsonLd ?? [],
  });
};

export async function loader({ context }: Route.LoaderArgs) {
  const db = await database(context);
  // Built on the server only: search engines read it from the HTML, so its code stays out of
  // the page's JavaScript.
  const settings = await requestSettings(context);
  const publicUrl = getEnv().PUBLIC_URL;
  return {
    jsonLd: [practiceJsonLd(settings, publicUrl), websiteJsonLd(settings, publicUrl)],
    featured: await featuredArticles(db, 3),
    ...(await reviewsForHome(db)),
    ...(await homeTexts(db).then((t) => ({
      ...t,
      services: t.services.map(({ slug, title, summary, benefits }) => ({
        slug,
        title,
        summary,
        benefits,
      })),
    }))),
    contactConstraints: htmlConstraints(ContactSchema),
    reviewConstraints: htmlConstraints(ReviewSchema),
  };
}

/** The contact form posts here (~/modules/contact/contact-action.server). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "contact") return notContact();
  return contactAction(form, request, context);
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  if (!root) return null;
  const { settings, publicUrl } = root;
  // The partner centre's card appears once Ajustes holds its real name and website (the root
  // loader has emptied example values).
  // Each card keeps its own illustration (`image`), whichever cards are shown.
  const collaborations = loaderData.collaborations.flatMap((c, image) =>
    c.href !== "centro"
      ? [{ ...c, image }]
      : settings.partnerCentreName && settings.partnerCentreUrl
        ? [{ ...c, image, name: settings.partnerCentreName, href: settings.partnerCentreUrl }]
        : [],
  );
  return (
    <>
      <Hero
        settings={settings}
        url={`${publicUrl}/`}
        tagline={loaderData.tagline}
        figures={loaderData.figures}
      />
      <AboutSection settings={settings} intro={loaderData.aboutIntro} />
      <CredentialsSection settings={settings} />
      <Section
        id="servicios"
        title="Servicios profesionales"
        eyebrow="Cómo puedo ayudarte"
        intro="Terapia y formación adaptadas a cada persona. Las sesiones se realizan en un centro sanitario colaborador; otros servicios, bajo consulta."
        tone="sand"
      >
        <ServiceCards services={loaderData.services} />
      </Section>
      <ReviewsSection
        reviews={loaderData.reviews}
        loadFailed={loaderData.reviewsFailed}
        verification={loaderData.reviewVerification}
        acceptsOpenReviews={loaderData.reviewsOpen}
        reviewConstraints={loaderData.reviewConstraints}
      />
      <Section id="blog-destacados" title="Artículos destacados" eyebrow="Blog" tone="sand">
        {loaderData.featured.length > 0 ? (
          <ul className="mb-8 grid gap-6 md:grid-cols-3">
            {loaderData.featured.map((a) => (
              <li key={a.slug}>
                <ArticleCard article={a} headingLevel="h3" />
              </li>
            ))}
          </ul>
        ) : null}
        <a
          href="/blog"
          className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
        >
          Ver todos los artículos
        </a>
      </Section>
      <Section
        id={CONTACT_SECTION_ID}
        title="Contacto"
        eyebrow="Hablemos"
        intro={`Cuéntame qué necesitas y te responderé lo antes posible. Si prefieres, ${settings.contactPhone ? "llámame o escríbeme" : "escríbeme"} directamente.`}
      >
        <ContactForm
          practiceEmail={settings.contactEmail}
          professionalName={settings.professionalName}
          serverResult={actionData?.contact}
          constraints={loaderData.contactConstraints}
        >
          <ContactDetails settings={settings} />
        </ContactForm>
      </Section>
      <Section id="colaboraciones" title="Colaboraciones" eyebrow="Con quién trabajo" tone="sand">
        <CollaborationCards items={collaborations} />
      </Section>
      <PublicationsSection items={settings.publications} />
    </>
  );
}
