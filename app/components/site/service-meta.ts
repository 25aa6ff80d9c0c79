import { Flower2, HeartHandshake, User, Users } from "lucide-react";
import type { ServiceSlug } from "~/modules/services/slugs";

export const SERVICE_ICONS: Record<ServiceSlug, typeof User> = {
  "terapia-individual": User,
  "terapia-pareja": HeartHandshake,
  "trabajo-grupos": Users,
  mindfulness: Flower2,
};

export const SERVICE_IMAGE_LABELS: Record<ServiceSlug, string> = {
  "terapia-individual": "Ilustración abstracta de una figura serena junto a un camino",
  "terapia-pareja": "Ilustración abstracta de dos formas que se entrelazan",
  "trabajo-grupos": "Ilustración abstracta de varias figuras en círculo",
  mindfulness: "Ilustración abstracta de una silueta sentada rodeada de ondas suaves",
};
