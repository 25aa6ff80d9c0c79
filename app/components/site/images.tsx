import { responsiveImage } from "~/modules/media/responsive";
import type { ServiceSlug } from "~/modules/services/slugs";

/**
 * The site's illustrations, drawn as SVG by the project (scripts/illustrations.tsx)
 * and served as static, cacheable files from public/illustrations/ (`npm run illustrations`),
 * so they cost no JavaScript.
 */
type ImgProps = Omit<React.ComponentProps<"img">, "src" | "width" | "height" | "alt"> & {
  alt: string;
};

function Illustration({
  file,
  width,
  height,
  alt,
  ...props
}: ImgProps & { file: string; width: number; height: number }) {
  return (
    <img
      src={`/illustrations/${file}.svg`}
      width={width}
      height={height}
      alt={alt}
      decoding="async"
      {...props}
    />
  );
}

export function HeroImage(props: ImgProps) {
  return <Illustration file="hero" width={560} height={480} {...props} />;
}

export function PortraitImage(props: ImgProps) {
  return <Illustration file="retrato" width={480} height={560} {...props} />;
}

/**
 * The professional's portrait: the photo uploaded in Ajustes (responsive WebP, cropped to the
 * illustration's 6:7 frame so the layout never jumps), or the illustrated placeholder.
 */
export function ProfessionalPortrait({
  portrait,
  name,
  className,
  ...props
}: Omit<ImgProps, "alt"> & { portrait: { url: string; alt: string }; name: string }) {
  if (!portrait.url) {
    return <PortraitImage alt={`Retrato ilustrado de ${name}`} className={className} {...props} />;
  }
  return (
    <img
      {...responsiveImage(portrait.url, "20rem")}
      alt={portrait.alt}
      width={480}
      height={560}
      decoding="async"
      className={`${className ?? ""} aspect-[6/7] bg-primary-soft object-cover`}
      {...props}
    />
  );
}

export function ServiceImage({ service, ...props }: ImgProps & { service: ServiceSlug }) {
  return <Illustration file={`servicio-${service}`} width={400} height={260} {...props} />;
}

export function PartnerImage({ variant, ...props }: ImgProps & { variant: number }) {
  return <Illustration file={`colaboracion-${variant % 4}`} width={160} height={120} {...props} />;
}

export function BookImage({ variant, ...props }: ImgProps & { variant: number }) {
  return <Illustration file={`libro-${variant % 3}`} width={240} height={340} {...props} />;
}
