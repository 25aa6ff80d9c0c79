import { z } from "zod";
import aboutRaw from "../../../content/about.md?raw";
import collaborationsJson from "../../../content/collaborations.json";
import { parseFrontMatter } from "./front-matter";
import { renderMarkdown } from "./markdown";

/** Editorial content of the public pages, kept as files in content/ and reviewed like code. */
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

export const COLLABORATIONS = z.array(Collaboration).length(4).parse(collaborationsJson);

const about = parseFrontMatter(aboutRaw);
export const ABOUT = { ...About.parse(about.data), html: renderMarkdown(about.body) };
