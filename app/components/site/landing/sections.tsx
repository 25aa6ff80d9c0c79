import { BookOpen, Check, ExternalLink, GraduationCap, Mail, MapPin, Phone } from "lucide-react";
import { BookingLink } from "~/components/site/booking-link";
import {
  BookImage,
  HeroImage,
  PartnerImage,
  ProfessionalPortrait,
  ServiceImage,
} from "~/components/site/images";
import { SERVICE_ICONS, SERVICE_IMAGE_LABELS } from "~/components/site/service-meta";
import { ShareMenu } from "~/components/site/share";
import { buttonVariants } from "~/components/ui/button";
import type { Settings } from "~/modules/settings/schemas";
import { SOCIAL_LABELS, SOCIAL_NETWORKS } from "~/modules/settings/social";
import type { ServiceSlug } from "~/modules/services/slugs";
import { cn } from "~/utils/cn";
import { mailtoHref } from "~/utils/mailto";

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

export function Section({
  id,
  title,
  eyebrow,
  intro,
  tone = "paper",
  children,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  intro?: string;
  tone?: "paper" | "sand";
  children: React.ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titulo`}
      className={cn("py-14 md:py-24", tone === "sand" && "bg-sand")}
    >
      <div className="container-page">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wider text-primary-strong uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h2 id={`${id}-titulo`} className="mt-2 max-w-2xl text-h2">
          {title}
        </h2>
        {intro ? <p className="mt-4 max-w-2xl text-lg text-muted">{intro}</p> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/**
 * `tagline`: the line under the name; `figures`: the ones she wrote in 'Textos de la web' (none
 * shown while empty). Both sent by the loader: no text in the JavaScript.
 */
export function Hero({
  settings,
  url,
  tagline,
  figures,
}: {
  settings: Settings;
  url: string;
  tagline: string;
  figures: { value: string; label: string }[];
}) {
  const badges = [
    { icon: Check, text: "Profesional sanitaria colegiada y registrada" },
    { icon: Check, text: "Confidencialidad y secreto profesional" },
    { icon: Check, text: "Enfoque basado en la evidencia" },
  ];
  return (
    <section id="inicio" aria-labelledby="inicio-titulo" className="overflow-hidden py-12 md:py-20">
      <div className="container-page grid items-center gap-10 lg:grid-cols-[1.1fr_0.9fr]">
        <div>
          <h1 id="inicio-titulo" className="text-display">
            {settings.professionalName}
          </h1>
          <p className="mt-3 text-lg font-semibold text-primary-strong">
            {settings.professionalTitle}
            {settings.collegeNumber ? (
              <>
                {" · "}
                <span className="whitespace-nowrap">Nº de colegiada {settings.collegeNumber}</span>
              </>
            ) : null}
          </p>
          <p className="mt-5 max-w-xl text-xl text-ink-soft">{tagline}</p>
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Garantías">
            {badges.map(({ icon: Icon, text }) => (
              <li
                key={text}
                className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1.5 text-sm font-semibold text-primary-strong"
              >
                <Icon aria-hidden="true" className="size-4" />
                {text}
              </li>
            ))}
          </ul>
          {figures.length ? (
            <ul className="mt-8 grid max-w-md grid-cols-2 gap-6">
              {figures.map(({ value, label }) => (
                <li key={label} className="flex flex-col">
                  <span className="font-serif text-4xl font-semibold text-primary">{value}</span>{" "}
                  <span className="text-muted">{label}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#contacto" className={buttonVariants({ variant: "accent", size: "lg" })}>
              Contactar ahora
            </a>
            {settings.bookingUrl ? (
              <BookingLink
                href={settings.bookingUrl}
                className={buttonVariants({ variant: "outline", size: "lg" })}
              >
                Pedir cita
              </BookingLink>
            ) : null}
          </div>
          <ShareMenu url={url} title={settings.siteName} />
        </div>
        <HeroImage
          className="mx-auto h-auto w-full max-w-md lg:max-w-none"
          alt="Ilustración de dos figuras tranquilas ante un paisaje de colinas suaves"
        />
      </div>
    </section>
  );
}

export function AboutSection({ settings, intro }: { settings: Settings; intro: string }) {
  return (
    <Section id="sobre-mi" title="Sobre mí" eyebrow="Quién te acompaña" tone="sand">
      <div className="grid items-center gap-10 md:grid-cols-[minmax(0,20rem)_1fr]">
        <ProfessionalPortrait
          portrait={settings.portrait}
          name={settings.professionalName}
          loading="lazy"
          className="mx-auto h-auto w-full max-w-xs rounded-card shadow-soft"
        />
        <div className="prose-reading">
          <p className="text-lg">{intro}</p>
          <p>
            Trabajo con adultos, parejas y grupos, en sesiones presenciales en{" "}
            {settings.partnerCentreName || "un centro sanitario colaborador"}. Cada proceso empieza
            escuchando: qué te trae, qué necesitas y qué quieres conseguir.
          </p>
          <a
            href="/sobre-mi"
            className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
          >
            Conoce mi trayectoria
          </a>
        </div>
      </div>
    </Section>
  );
}

export function CredentialsSection({ settings }: { settings: Settings }) {
  // A number still at its example value is empty here: its phrase (or card) is left out.
  const items = [
    { icon: GraduationCap, title: "Titulación oficial", text: settings.qualification },
    {
      icon: Check,
      title: "Colegiada",
      text: settings.collegeNumber
        ? `${settings.collegeName}, nº ${settings.collegeNumber}`
        : settings.collegeName,
    },
    ...(settings.healthRegistryNumber
      ? [
          {
            icon: Check,
            title: "Registro sanitario",
            text: `Centro sanitario inscrito en el registro autonómico con el nº ${settings.healthRegistryNumber}`,
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="credenciales-titulo" className="py-14 md:py-20">
      <div className="container-page">
        <h2 id="credenciales-titulo" className="text-h2">
          Credenciales
        </h2>
        <ul
          className={cn(
            "mt-8 grid gap-4",
            items.length === 3 ? "md:grid-cols-3" : "md:grid-cols-2",
          )}
        >
          {items.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-card border border-border bg-surface p-6 shadow-soft"
            >
              <Icon aria-hidden="true" className="size-7 text-primary" />
              <h3 className="mt-3 text-h3">{title}</h3>
              <p className="mt-1 text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export interface ServiceCard {
  slug: ServiceSlug;
  title: string;
  summary: string;
  benefits: string[];
}

export function ServiceCards({
  services,
  headingLevel = "h3",
  firstOnScreen = false,
}: {
  services: ServiceCard[];
  headingLevel?: "h2" | "h3";
  /** The first image is on the first screen (the services page on a phone): it is not deferred. */
  firstOnScreen?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {services.map((s, i) => {
        const Icon = SERVICE_ICONS[s.slug];
        const first = firstOnScreen && i === 0;
        return (
          <li
            key={s.slug}
            className="flex flex-col overflow-hidden rounded-card border border-border bg-surface shadow-soft"
          >
            <ServiceImage
              loading={first ? "eager" : "lazy"}
              fetchPriority={first ? "high" : undefined}
              service={s.slug}
              className="h-auto w-full bg-primary-soft"
              alt={SERVICE_IMAGE_LABELS[s.slug]}
            />
            <div className="flex flex-1 flex-col p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <Heading className="mt-3 text-h3">{s.title}</Heading>
              <p className="mt-2 text-muted">{s.summary}</p>
              <ul className="mt-4 flex flex-col gap-2 text-[0.95rem]">
                {s.benefits.slice(0, 3).map((b) => (
                  <li key={b} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-success" />
                    {b}
                  </li>
                ))}
              </ul>
              <a
                href={`/servicios/${s.slug}`}
                className="mt-auto inline-flex min-h-11 items-center pt-4 font-semibold text-primary underline underline-offset-4"
              >
                Leer más<span className="sr-only"> sobre {s.title}</span>
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function ContactDetails({ settings }: { settings: Settings }) {
  const social = settings.showSocialLinks
    ? SOCIAL_NETWORKS.filter((n) => settings.socialLinks[n])
    : [];
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-4">
        {settings.contactPhone ? (
          <li className="flex gap-3">
            <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">Teléfono</p>
              <a
                className="text-primary underline underline-offset-4"
                href={telHref(settings.contactPhone)}
              >
                {settings.contactPhone}
              </a>
            </div>
          </li>
        ) : null}
        <li className="flex gap-3">
          <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <div>
            <p className="font-semibold">Email</p>
            <a
              className="break-all text-primary underline underline-offset-4"
              href={mailtoHref(settings.contactEmail)}
            >
              {settings.contactEmail}
            </a>
          </div>
        </li>
        <li className="flex gap-3">
          <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <div>
            <p className="font-semibold">
              Sesiones en {settings.partnerCentreName || "un centro sanitario colaborador"}
            </p>
            {settings.partnerCentreAddress ? (
              <p className="text-muted">{settings.partnerCentreAddress}</p>
            ) : null}
            {settings.partnerCentreUrl ? (
              <a
                className="text-primary underline underline-offset-4"
                href={settings.partnerCentreUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Web del centro<span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            ) : null}
            <p className="mt-1 text-sm text-muted">Otros servicios y modalidades, bajo consulta.</p>
          </div>
        </li>
      </ul>
      {social.length > 0 ? (
        <div>
          <p className="font-semibold">Redes sociales</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {social.map((n) => (
              <li key={n}>
                <a
                  href={settings.socialLinks[n]}
                  target="_blank"
                  rel="noopener noreferrer me"
                  className="inline-flex min-h-11 items-center rounded-full border border-border bg-surface px-4 text-sm font-semibold no-underline hover:border-primary"
                >
                  {SOCIAL_LABELS[n]}
                  <span className="sr-only"> (se abre en una pestaña nueva)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export interface Collaboration {
  name: string;
  description: string;
  href: string;
  linkLabel: string;
  /** Which partner illustration the card shows. */
  image: number;
}

export function CollaborationCards({ items }: { items: Collaboration[] }) {
  return (
    <ul
      className={cn(
        "grid gap-6 sm:grid-cols-2",
        items.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3",
      )}
    >
      {items.map((c) => {
        const external = /^https?:/.test(c.href);
        return (
          <li
            key={c.name}
            className="flex flex-col rounded-card border border-border bg-surface p-6 shadow-soft"
          >
            <PartnerImage
              variant={c.image}
              alt=""
              loading="lazy"
              className="h-20 w-auto self-start"
            />
            <h3 className="mt-4 text-h3">{c.name}</h3>
            <p className="mt-2 flex-1 text-muted">{c.description}</p>
            {!c.href || !c.linkLabel ? null : external ? (
              <a
                href={c.href}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-4 inline-flex min-h-11 items-center gap-1 font-semibold text-primary underline underline-offset-4"
              >
                {c.linkLabel}
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            ) : (
              <a
                href={c.href}
                className="mt-4 inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
              >
                {c.linkLabel}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A publication from Ajustes (only ones with a title and a link are stored). */
export type Publication = Settings["publications"][number];

export function PublicationsSection({ items }: { items: Publication[] }) {
  if (items.length === 0) return null;
  return (
    <Section id="publicaciones" title="Publicaciones" eyebrow="Libros">
      <ul className="grid gap-8 md:grid-cols-2">
        {items.map((p, i) => (
          <li key={p.title} className="flex gap-5 rounded-card bg-surface p-5 shadow-soft">
            <BookImage
              variant={i}
              alt=""
              loading="lazy"
              className="h-auto w-24 shrink-0 rounded-md shadow-soft sm:w-28"
            />
            <div>
              <h3 className="text-h3">{p.title}</h3>
              {p.subtitle ? <p className="font-semibold text-muted">{p.subtitle}</p> : null}
              {p.description ? <p className="mt-2">{p.description}</p> : null}
              <a
                href={p.url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-flex min-h-11 items-center gap-1 font-semibold text-primary underline underline-offset-4"
              >
                <BookOpen aria-hidden="true" className="size-4" />
                Ver la publicación
                <span className="sr-only"> «{p.title}» (se abre en una pestaña nueva)</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
