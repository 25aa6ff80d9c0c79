import { z } from "zod";
import { parseFrontMatter } from "~/modules/content/front-matter";
import { SERVICE_SLUGS, type ServiceSlug } from "./slugs";

/** The four service pages, written as Markdown with front matter in content/services/. */
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
export type Service = z.infer<typeof ServiceSchema> & { body: string };

const SERVICES: Service[] = Object.values(files)
  .map((raw) => {
    const { data, body } = parseFrontMatter(raw);
    return { ...ServiceSchema.parse(data), body };
  })
  .sort((a, b) => SERVICE_SLUGS.indexOf(a.slug) - SERVICE_SLUGS.indexOf(b.slug));

export function listServices() {
  return SERVICES;
}

export function getService(slug: string): Service | undefined {
  return SERVICES.find((s) => s.slug === (slug as ServiceSlug));
}
