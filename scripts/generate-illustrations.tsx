// Writes the site's SVG illustrations to public/illustrations/ (served as cacheable images, so they
// cost no JavaScript). Run after changing scripts/illustrations.tsx (the drawings, as React):
//   npm run illustrations
import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import {
  BookCover,
  HeroIllustration,
  PartnerEmblem,
  PortraitPlaceholder,
  ServiceIllustration,
} from "./illustrations";

const out = "public/illustrations";
fs.mkdirSync(out, { recursive: true });
const write = (name: string, element: React.ReactElement) => {
  const svg = renderToStaticMarkup(element)
    .replace(/ aria-hidden="true"/, "")
    .replace(/ class="[^"]*"/, "");
  fs.writeFileSync(`${out}/${name}.svg`, svg);
};

write("hero", <HeroIllustration />);
write("retrato", <PortraitPlaceholder />);
for (const s of [
  "terapia-individual",
  "terapia-pareja",
  "trabajo-grupos",
  "mindfulness",
] as const) {
  write(`servicio-${s}`, <ServiceIllustration service={s} />);
}
for (const v of [0, 1, 2, 3] as const) write(`colaboracion-${v}`, <PartnerEmblem variant={v} />);
for (const v of [0, 1, 2] as const) write(`libro-${v}`, <BookCover title="" variant={v} />);
console.log(`Ilustraciones escritas en ${out}/`);
