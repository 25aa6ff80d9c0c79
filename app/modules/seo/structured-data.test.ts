import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta, type MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type Settings } from "~/modules/settings/schemas";
import { meta as articleMeta } from "~/routes/public/article";
import { meta as blogMeta } from "~/routes/public/blog";
import { meta as homeMeta } from "~/routes/public/home";
import { meta as servicesMeta } from "~/routes/public/services";
import { meta as resetMeta } from "~/routes/auth/reset-password";
import { pageMeta } from "~/utils/meta";
import { blogPostingJsonLd, practiceJsonLd, websiteJsonLd } from "./structured-data";

/** The home loader builds its JSON-LD on the server; meta places it. */
const homeData = (settings: Settings) => ({
  jsonLd: [practiceJsonLd(settings, BASE), websiteJsonLd(settings, BASE)],
});

const BASE = "https://psicologia.example.org";
const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  siteName: "Psicología Laura Gómez",
  professionalName: "Laura Gómez Ruiz",
  professionalTitle: "Psicóloga General Sanitaria",
  collegeName: "Colegio Oficial de la Psicología de Madrid",
  collegeNumber: "M-12345",
  contactEmail: "laura@psicologia.example.org",
  contactPhone: "+34 611 222 333",
  partnerCentreName: "Centro Sanitario Ribera",
  partnerCentreAddress: "Calle Mayor 10, 28013 Madrid",
  socialLinks: { ...DEFAULT_SETTINGS.socialLinks, instagram: "https://www.instagram.com/laura" },
};
const root = { settings: SETTINGS, publicUrl: BASE };
const matches = (data?: unknown) => [
  { id: "root", loaderData: root },
  { id: "page", loaderData: data },
];

type Args = Parameters<typeof homeMeta>[0];
const args = (pathname: string, data?: unknown) =>
  ({
    matches: matches(data),
    loaderData: data,
    location: { pathname },
    params: {},
  }) as unknown as Args;

const prop = (tags: MetaDescriptor[], key: string) =>
  (
    tags.find(
      (t) =>
        (t as Record<string, string>).property === key ||
        (t as Record<string, string>).name === key,
    ) as { content: string } | undefined
  )?.content;
const ldOf = (tags: MetaDescriptor[]) =>
  tags
    .filter((t) => "script:ld+json" in t)
    .map((t) => (t as { "script:ld+json": Record<string, unknown> })["script:ld+json"]);

describe("pageMeta", () => {
  it("adds Open Graph and Twitter card tags with absolute URLs", () => {
    const tags = servicesMeta(args("/servicios") as never);
    expect(prop(tags, "og:type")).toBe("website");
    expect(prop(tags, "og:title")).toBe("Servicios");
    expect(prop(tags, "og:url")).toBe(`${BASE}/servicios`);
    expect(prop(tags, "og:site_name")).toBe("Psicología Laura Gómez");
    expect(prop(tags, "og:locale")).toBe("es_ES");
    expect(prop(tags, "og:image")).toBe(`${BASE}/og/sitio.png`);
    expect(prop(tags, "og:image:width")).toBe("1200");
    expect(prop(tags, "og:image:height")).toBe("630");
    expect(prop(tags, "og:image:alt")).toBeTruthy();
    expect(prop(tags, "twitter:card")).toBe("summary_large_image");
    expect(prop(tags, "twitter:image")).toBe(`${BASE}/og/sitio.png`);
    expect(prop(tags, "twitter:title")).toBe("Servicios");
    expect(prop(tags, "twitter:description")).toBe(prop(tags, "description"));
    const canonical = tags.find((t) => (t as { rel?: string }).rel === "canonical") as {
      href: string;
    };
    expect(canonical.href).toBe(prop(tags, "og:url"));
    const [crumbs] = ldOf(tags);
    expect(crumbs?.["@type"]).toBe("BreadcrumbList");
    expect(JSON.stringify(crumbs)).toContain(`${BASE}/servicios`);
  });

  it("the blog links its RSS feed", () => {
    const tags = blogMeta(args("/blog", { page: 1 }) as never);
    expect(tags).toContainEqual(
      expect.objectContaining({
        rel: "alternate",
        type: "application/rss+xml",
        href: "/blog/rss.xml",
      }),
    );
    expect(prop(tags, "og:url")).toBe(`${BASE}/blog`);
  });

  it("keeps noindex pages out of sharing tags", () => {
    const tags = resetMeta(args("/auth/restablecer") as never);
    expect(prop(tags, "robots")).toBe("noindex, nofollow");
    expect(prop(tags, "og:title")).toBeUndefined();
    expect(pageMeta(root, { title: "x", path: "/x", noindex: true }).length).toBe(4);
  });
});

describe("JSON-LD", () => {
  it("home: the practice and the professional with the college number", () => {
    const tags = homeMeta(args("/", homeData(SETTINGS)) as never);
    const [practice, website] = ldOf(tags).map((o) => JSON.parse(JSON.stringify(o)));
    expect(practice["@type"]).toBe("Psychologist");
    expect(practice.telephone).toBe("+34 611 222 333");
    expect(practice.email).toBe("laura@psicologia.example.org");
    expect(practice.address.streetAddress).toBe("Calle Mayor 10, 28013 Madrid");
    expect(practice.image).toBe(`${BASE}/og/sitio.png`);
    expect(practice.founder["@type"]).toBe("Person");
    expect(practice.founder.name).toBe("Laura Gómez Ruiz");
    expect(practice.founder.jobTitle).toBe("Psicóloga General Sanitaria");
    expect(practice.founder.identifier).toMatchObject({
      "@type": "PropertyValue",
      value: "M-12345",
    });
    expect(practice.founder.worksFor.name).toBe("Centro Sanitario Ribera");
    expect(practice.founder.sameAs).toEqual(["https://www.instagram.com/laura"]);
    expect(JSON.stringify(practice)).not.toContain("AggregateRating");
    expect(website).toMatchObject({ "@type": "WebSite", url: `${BASE}/`, inLanguage: "es-ES" });
  });

  it("skips fields that still hold their example values", () => {
    const home = homeMeta({
      ...args("/", homeData(DEFAULT_SETTINGS)),
      matches: [{ id: "root", loaderData: { settings: DEFAULT_SETTINGS, publicUrl: BASE } }],
    } as never);
    const practice = ldOf(home)[0]!;
    const text = JSON.stringify(practice);
    expect(text).not.toContain("example.com");
    expect(text).not.toContain("M-00000");
    expect(text).not.toContain("600 000 000");
    expect(text).not.toContain("instagram");
  });

  it("articles: BlogPosting, og:type article and the article's own image", () => {
    const article = {
      slug: "respirar-mejor",
      title: "Respirar mejor",
      category: "ansiedad",
      date: "2026-03-02",
      excerpt: "Tres ejercicios sencillos.",
      image: "/media/portadas/ansiedad/respirar-mejor.svg",
      imageAlt: "Ilustración de colinas",
      author: null,
      updatedAt: "2026-03-05T10:00:00.000Z",
    };
    const jsonLd = [blogPostingJsonLd(article, SETTINGS, BASE)];
    const tags = articleMeta(args("/blog/respirar-mejor", { article, jsonLd }) as never);
    expect(prop(tags, "og:type")).toBe("article");
    expect(prop(tags, "article:published_time")).toBe("2026-03-02");
    expect(prop(tags, "og:image")).toBe(`${BASE}/og/respirar-mejor.png`);
    expect(prop(tags, "og:image:alt")).toBe("Ilustración de colinas");
    const posting = ldOf(tags).find((o) => o["@type"] === "BlogPosting")!;
    expect(posting).toMatchObject({
      headline: "Respirar mejor",
      datePublished: "2026-03-02",
      dateModified: "2026-03-05T10:00:00.000Z",
      image: `${BASE}/og/respirar-mejor.png`,
      inLanguage: "es-ES",
      author: { "@type": "Person", name: "Laura Gómez Ruiz" },
      publisher: { name: "Psicología Laura Gómez" },
      mainEntityOfPage: { "@id": `${BASE}/blog/respirar-mejor` },
    });
    const crumbs = ldOf(tags).find((o) => o["@type"] === "BreadcrumbList")!;
    expect(JSON.stringify(crumbs)).toContain(`${BASE}/blog/respirar-mejor`);
    // A missing article is noindex, without sharing tags.
    const missing = articleMeta(args("/blog/nada") as never);
    expect(prop(missing, "robots")).toBe("noindex, nofollow");
    expect(prop(missing, "og:type")).toBeUndefined();
  });

  it("a '</script>' in a value cannot close the script element", () => {
    const hostile: Settings = {
      ...SETTINGS,
      professionalName: 'Ana </script><script>alert("x")</script>',
    };
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        meta: () =>
          homeMeta({
            ...args("/", homeData(hostile)),
            matches: [{ id: "root", loaderData: { settings: hostile, publicUrl: BASE } }],
          } as never),
        Component: () => createElement(Meta),
      },
    ]);
    const html = renderToString(
      createElement(Stub, { initialEntries: ["/"], hydrationData: { loaderData: { root: {} } } }),
    );
    const scripts = [
      ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ];
    expect(scripts.length).toBe(2);
    expect(html).not.toContain("<script>alert");
    const practice = JSON.parse(scripts[0]![1]!);
    expect(practice.founder.name).toBe(hostile.professionalName);
  });
});
