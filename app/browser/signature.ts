/**
 * The drawn signature of /consentimiento (optional): the pad is rendered `hidden` and shown here.
 * Strokes are drawn with pointer events on the canvas; each finished stroke writes the drawing as
 * a PNG data URL into the form's hidden `signature` field (the server re-encodes it), and
 * 'Borrar' empties both. Without this script the typed name and the tick are the signature.
 */
export function startSignaturePad() {
  const pad = document.querySelector<HTMLElement>("[data-signature-pad]");
  const canvas = pad?.querySelector("canvas");
  const field = pad?.closest("form")?.querySelector<HTMLInputElement>("[data-signature-value]");
  const context = canvas?.getContext("2d");
  if (!pad || !canvas || !field || !context) return;
  pad.hidden = false;
  context.lineWidth = 3;
  context.lineCap = "round";
  context.lineJoin = "round";
  context.strokeStyle = "#1f2a37";
  let drawing = false;
  let drawn = false;
  const point = (event: PointerEvent) => {
    const box = canvas.getBoundingClientRect();
    return [
      ((event.clientX - box.left) * canvas.width) / box.width,
      ((event.clientY - box.top) * canvas.height) / box.height,
    ] as const;
  };
  canvas.addEventListener("pointerdown", (event) => {
    drawing = true;
    canvas.setPointerCapture(event.pointerId);
    const [x, y] = point(event);
    context.beginPath();
    context.moveTo(x, y);
    event.preventDefault();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!drawing) return;
    const [x, y] = point(event);
    context.lineTo(x, y);
    context.stroke();
    drawn = true;
  });
  const finish = () => {
    if (!drawing) return;
    drawing = false;
    if (drawn) field.value = canvas.toDataURL("image/png");
  };
  canvas.addEventListener("pointerup", finish);
  canvas.addEventListener("pointercancel", finish);
  pad.querySelector("[data-signature-clear]")?.addEventListener("click", () => {
    context.clearRect(0, 0, canvas.width, canvas.height);
    field.value = "";
    drawn = false;
  });
}
