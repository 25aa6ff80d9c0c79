import { mailtoHref } from "~/utils/mailto";
import { ANSWERED, UNREACHABLE } from "./in-place";

/**
 * 'Envíame un mensaje' on the landing page (docs/product.md#contact-form). The form is answered
 * in place (./in-place.ts); here:
 * - the connection is checked once (`/healthz`): when the server does not answer, a note offers
 *   the practice's address before the visitor writes anything;
 * - the server's answer (its banner at the section's top, where a visitor without JavaScript
 *   lands) is shown by the button the visitor just pressed;
 * - a send that cannot reach the server opens the visitor's mail client with the message written
 *   in it, and says so.
 */
export function startContact() {
  const region = document.querySelector<HTMLElement>("[data-contact]");
  if (!region) return;
  void checkConnection(region);
  document.addEventListener(UNREACHABLE, (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.matches("[data-contact]")) return;
    event.preventDefault();
    fallBackToMailClient(target, (event as CustomEvent<FormData>).detail);
  });
  document.addEventListener(ANSWERED, (event) => {
    const answer = event.target;
    if (!(answer instanceof HTMLElement) || !answer.matches("[data-contact]")) return;
    const banner = answer.querySelector("[data-contact-answer]");
    banner?.classList.remove("mb-8");
    if (banner) answer.querySelector("[data-contact-status]")?.before(banner);
  });
}

async function checkConnection(region: HTMLElement) {
  let problem: string | null = null;
  try {
    const res = await fetch("/healthz", { cache: "no-store" });
    // Read to its end: an unread body keeps the request open (the page never reaches idle).
    await res.text();
    if (!res.ok) problem = `Error de conexión: el servidor respondió ${res.status}`;
  } catch (error) {
    problem = `Error de conexión: ${error instanceof Error ? error.message : "sin respuesta"}`;
  }
  const note = region.querySelector<HTMLElement>("[data-connection]");
  const text = note?.querySelector<HTMLElement>("[data-connection-message]");
  if (!problem || !note || !text) return;
  text.textContent = problem;
  note.hidden = false;
}

function fallBackToMailClient(region: HTMLElement, sent: FormData) {
  const status = region.querySelector<HTMLElement>("[data-contact-status]");
  const form = region.querySelector("form");
  const field = (name: string) => String(sent.get(name) ?? "").trim();
  const say = (title: string, message: string, tone: "info" | "success" | "error") => {
    if (!status) return;
    status.dataset.tone = tone;
    status.setAttribute("role", tone === "error" ? "alert" : "status");
    status.replaceChildren(paragraph(title, "font-semibold"), paragraph(message));
    status.hidden = false;
  };
  say("Información", "Usando método alternativo de envío...", "info");
  try {
    window.location.href = mailtoHref(region.dataset.contact ?? "", {
      subject: `Mensaje de contacto de ${field("name")}`,
      body: `Nombre: ${field("name")}\nEmail: ${field("email")}\n\n${field("message")}`,
    });
    say(
      "Mensaje preparado",
      "Mensaje preparado para envío. Por favor, completa el envío desde tu cliente de correo.",
      "success",
    );
    form?.reset();
  } catch {
    say(
      "Error",
      "No se pudo enviar el mensaje. Por favor, inténtalo de nuevo. Error: No se pudo enviar el mensaje por ningún método (sin respuesta del servidor)",
      "error",
    );
  }
  status?.scrollIntoView({ block: "nearest" });
}

function paragraph(text: string, className = "") {
  const p = document.createElement("p");
  p.textContent = text;
  if (className) p.className = className;
  return p;
}
