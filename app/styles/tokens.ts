/**
 * The design colours for code that draws without CSS: article covers, the social card, e-mails,
 * the logo and the illustrations. `COLORS` is the `--color-*` tokens of app/styles/app.css, which
 * Tailwind reads (tokens.test.ts keeps the two equal); `TINTS` are the in-between shades only
 * drawings use.
 */
export const COLORS = {
  paper: "#fbf8f3",
  surface: "#ffffff",
  sand: "#f2ebdf",
  sandStrong: "#e8dcc8",
  ink: "#1f2a2e",
  inkSoft: "#2c3a3f",
  muted: "#56646b",
  primary: "#2f6f68",
  primaryStrong: "#245852",
  primarySoft: "#e3efec",
  accent: "#a94f2c",
  accentStrong: "#8c3f21",
  accentSoft: "#f6e4db",
  border: "#e4ddd2",
  borderStrong: "#8a8377",
  success: "#1e7a4c",
  successSoft: "#e3f3ea",
  info: "#1d5fa8",
  infoSoft: "#e4eefa",
  danger: "#b42318",
  dangerSoft: "#fbe9e7",
} as const;

export const TINTS = {
  sageTint: "#cfe3de",
  sageMid: "#a9cbc4",
  sageGrey: "#8fa7a3",
  sageDeep: "#6f9d96",
  terraBlush: "#f2d3c3",
  terraTint: "#e9b99f",
  terraMid: "#c7765a",
  wheat: "#d8c8ae",
  linen: "#ede6da",
} as const;
