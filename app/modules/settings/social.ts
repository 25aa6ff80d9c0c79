/** Social networks the settings can link to (no zod here: safe and light in the browser). */
export const SOCIAL_NETWORKS = ["instagram", "facebook", "linkedin", "youtube", "x"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  x: "X (Twitter)",
};
