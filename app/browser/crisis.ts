/**
 * The crisis check, a script of its own added by crisis-watch.ts when a visitor first uses a
 * watched field (`data-crisis`). What is typed is read against the risk phrases on every input;
 * on a match a calm notice with 024 and 112 appears under the field, once per form, and stays: it
 * informs and never blocks the form.
 */
import { mentionsCrisis } from "./crisis-phrases";

const link = (href: string, text: string) => {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  a.className = "font-semibold underline underline-offset-4";
  return a;
};

function fillNotice(notice: HTMLElement) {
  const title = document.createElement("p");
  title.className = "font-semibold text-ink";
  title.textContent = "Si estás pasando por un momento muy difícil, no esperes a mi respuesta.";
  const now = document.createElement("p");
  now.append(
    "Puedes llamar ahora al ",
    link("tel:024", "024"),
    ", la línea de atención a la conducta suicida: gratuita, confidencial y disponible las 24 horas. Si tu vida o la de otra persona corre peligro, llama al ",
    link("tel:112", "112"),
    " o acude a las urgencias del hospital o del centro de salud más cercano.",
  );
  const still = document.createElement("p");
  still.textContent = "Tu mensaje se enviará igualmente si decides enviarlo.";
  notice.append(title, now, still);
}

function checkField(field: HTMLTextAreaElement | HTMLInputElement) {
  const form = field.form;
  if (!form || form.querySelector("[data-crisis-notice]")) return;
  const text = Array.from(
    form.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>("[data-crisis]"),
    (f) => f.value,
  ).join("\n");
  if (!mentionsCrisis(text)) return;

  // An empty live region first, then its text: screen readers announce what is added to it.
  const notice = document.createElement("div");
  notice.setAttribute("role", "status");
  notice.dataset.crisisNotice = "";
  notice.className =
    "flex flex-col gap-2 rounded-field border border-border-strong bg-sand p-4 text-sm text-ink-soft";
  const place = field.closest("[data-slot=form-field]") ?? field;
  place.after(notice);
  requestAnimationFrame(() => fillNotice(notice));
}

type Field = HTMLTextAreaElement | HTMLInputElement;
const watched = () => document.querySelectorAll<Field>("[data-crisis]");

document.addEventListener("input", (event) => {
  const field = event.target;
  if (field instanceof HTMLElement && field.matches("[data-crisis]")) checkField(field as Field);
});
// What was typed while this script was on its way (the keystroke that asked for it, too).
for (const field of watched()) if (field.value.trim() !== "") checkField(field);
