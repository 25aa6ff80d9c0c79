import { isNif } from "~/utils/nif";
import { DEFAULT_SETTINGS } from "~/modules/settings/defaults";
import type { Settings } from "~/modules/settings/schemas";

/**
 * The identity data a professional's website must show (LSSI-CE art. 10: name, NIF, address,
 * e-mail; as a regulated profession, the colegio, the número de colegiado, the title and the
 * State that issued it). Until every one is filled in with real values — not a new install's
 * examples — the site answers `noindex` (docs/compliance.md). Pure: the root loader runs it on
 * every page.
 */

export interface IdentityGap {
  key: keyof Settings;
  label: string;
  /** 'falta' (empty), 'ejemplo' (still the example), 'formato' (cannot be right). */
  problem: "falta" | "ejemplo" | "formato";
}

export const IDENTITY_FIELDS = [
  ["professionalName", "Nombre profesional"],
  ["nif", "NIF"],
  ["postalAddress", "Dirección postal"],
  ["contactEmail", "Email de contacto"],
  ["collegeName", "Colegio profesional"],
  ["collegeNumber", "Número de colegiada"],
  ["professionalTitle", "Título profesional"],
  ["qualification", "Titulación oficial y Estado que la expidió"],
] as const satisfies ReadonlyArray<readonly [keyof Settings, string]>;

/** Example values a new install has that are not in its defaults' exact text. */
const EXAMPLE = /nombre apellido|ejemplo|example\.(com|org|net)|@example\b|0000/i;

export { isNif };

/** The identity fields still missing, still the example, or impossible; empty when complete. */
export function identityGaps(settings: Settings): IdentityGap[] {
  const gaps: IdentityGap[] = [];
  for (const [key, label] of IDENTITY_FIELDS) {
    const value = String(settings[key] ?? "").trim();
    if (!value) gaps.push({ key, label, problem: "falta" });
    else if (
      // Names and titles a real practice may share with the defaults (a college's name, the
      // professional title) are not examples; made-up names, numbers and addresses are.
      (["professionalName", "nif", "postalAddress", "contactEmail", "collegeNumber"].includes(
        key,
      ) &&
        value === DEFAULT_SETTINGS[key]) ||
      EXAMPLE.test(value)
    ) {
      gaps.push({ key, label, problem: "ejemplo" });
    } else if (key === "nif" && !isNif(value)) {
      gaps.push({ key, label, problem: "formato" });
    }
  }
  return gaps;
}

/** The footer's lines with the registry and advertising authorisation numbers, when set. */
export function registrationLines(settings: Settings) {
  return [
    settings.healthRegistryNumber && `Centro sanitario nº ${settings.healthRegistryNumber}`,
    settings.advertisingAuthNumber &&
      `Autorización de publicidad sanitaria nº ${settings.advertisingAuthNumber}`,
  ].filter((line): line is string => Boolean(line));
}

/** Whether search engines may index the site: the identity data are real. */
export const isIndexable = (settings: Settings) => identityGaps(settings).length === 0;
