/**
 * Escapes text for HTML or XML element content and attribute values (`&#39;` is valid in both).
 * Markup built with React (pages, e-mails) needs none of this: React escapes what it renders.
 */
export function escapeHtml(value: string) {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
