import { z } from "zod";
import { parseFrontMatter } from "~/modules/content/front-matter";
import { SERVICE_SLUGS, type ServiceSlug } from "~/modules/services/slugs";
import aboutRaw from "../../../content/about.md?raw";
import collaborationsJson from "../../../content/collaborations.json";

/**
 * The texts a new install starts with, bundled as files in content/ (reviewed like code): the
 * four service pages (Markdown with front matter in content/services/), 'Sobre mí'
 * (content/about.md) and the collaborations (content/collaborations.json). 'Textos de la web'
 * (texts.server.ts) shows these until she saves her own.
 */
const files = import.meta.glob<string>("../../../content/services/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

const ServiceSchema = z.object({
  slug: z.enum(SERVICE_SLUGS),
  title: z.string(),
  summary: z.string(),
  metaDescription: z.string(),
  benefits: z.array(z.string()).min(1),
  audience: z.array(z.string()),
  faq: z.array(z.object({ q: z.string(), a: z.string() })),
});
export type BundledService = z.infer<typeof ServiceSchema> & { body: string };

const SERVICES: BundledService[] = Object.values(files)
  .map((raw) => {
    const { data, body } = parseFrontMatter(raw);
    return { ...ServiceSchema.parse(data), body };
  })
  .sort((a, b) => SERVICE_SLUGS.indexOf(a.slug) - SERVICE_SLUGS.indexOf(b.slug));

export function bundledService(slug: ServiceSlug): BundledService {
  return SERVICES.find((s) => s.slug === slug)!;
}

const Collaboration = z.object({
  name: z.string(),
  description: z.string(),
  /** 'partner-centre' means the partner centre's website from Ajustes. */
  href: z.string(),
  linkLabel: z.string(),
});
const About = z.object({
  tagline: z.string(),
  intro: z.string(),
  training: z.array(z.string()),
  approach: z.array(z.object({ title: z.string(), text: z.string() })),
});

export const BUNDLED_COLLABORATIONS = z.array(Collaboration).length(4).parse(collaborationsJson);

const about = parseFrontMatter(aboutRaw);
export const BUNDLED_ABOUT = { ...About.parse(about.data), body: about.body };
