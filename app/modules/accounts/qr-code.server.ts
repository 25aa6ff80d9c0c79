import QRCode from "qrcode";

export const QR_LABEL =
  "Código QR para añadir la cuenta a tu aplicación de autenticación. Si no puedes escanearlo, usa la clave que aparece al lado.";

/**
 * The enrolment's otpauth:// address as a QR code, drawn on the server as SVG (qrcode's own
 * renderer: two <path> elements with presentation attributes, no script and no style, so the
 * Content-Security-Policy has nothing to allow). The <svg> is an image with a Spanish name; the
 * key is printed beside it as text for whoever cannot scan it. Margin 4 is the quiet zone the
 * QR standard asks for; `M` correction reads well off a screen.
 */
export async function qrCodeSvg(uri: string) {
  const svg = await QRCode.toString(uri, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#000000", light: "#ffffff" },
  });
  return svg
    .trim()
    .replace(/^<svg /, `<svg role="img" aria-label="${QR_LABEL}" focusable="false" `);
}
