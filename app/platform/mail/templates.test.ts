import { describe, expect, it } from "vitest";
import { asMailHtml, contactNoticeHtml, reviewNoticeHtml, simpleHtml } from "./templates";

const hostile = `<script>alert("x")</script> & O'Neil`;
const escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#x27;Neil";

describe("e-mail templates", () => {
  it("escape a name like <script> wherever it goes", () => {
    const contact = contactNoticeHtml({
      intro: "Has recibido un mensaje nuevo desde el formulario de contacto de la web.",
      name: hostile,
      email: "ana@example.com",
      message: hostile,
      inbox: "https://example.com/admin/mensajes?id=1",
    });
    const review = reviewNoticeHtml({
      name: hostile,
      role: hostile,
      rating: 5,
      content: hostile,
      link: "https://example.com/admin/resenas",
    });
    const simple = simpleHtml([`Hola, ${hostile}:`], {
      href: "https://example.com/?a=1&b=2",
      label: hostile,
    });
    for (const html of [contact, review, simple]) {
      expect(html).not.toContain("<script>");
      expect(html).toContain(escaped);
    }
    expect(simple).toContain('href="https://example.com/?a=1&amp;b=2"');
    expect(asMailHtml("o'neil@example.com")).toBe("o&#x27;neil@example.com");
  });

  it("write a plain page in Spanish with the site's ink and a button in its primary colour", () => {
    expect(
      simpleHtml(["Hola, Ana:", "Confirma tu email."], {
        href: "https://example.com/v",
        label: "Confirmar",
      }),
    ).toBe(
      '<!doctype html><html lang="es"><head></head><body style="font-family:system-ui,sans-serif;color:#1f2a2e;line-height:1.6">' +
        "<p>Hola, Ana:</p><p>Confirma tu email.</p>" +
        '<p><a href="https://example.com/v" style="display:inline-block;background:#2f6f68;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">Confirmar</a></p>' +
        "</body></html>",
    );
  });

  it("leave the message out when Ajustes keeps it to the admin area", () => {
    const html = contactNoticeHtml({
      intro: "Has recibido un mensaje nuevo.",
      name: "Ana",
      email: "ana@example.com",
      message: null,
      inbox: "https://example.com/admin/mensajes?id=1",
    });
    expect(html).toContain(
      "Por privacidad, el texto del mensaje solo se puede leer en el área de gestión.",
    );
    expect(html).not.toContain("Mensaje:");
    expect(html).toContain(
      "<strong>Nombre:</strong> Ana<br/><strong>Email:</strong> ana@example.com",
    );
  });
});
