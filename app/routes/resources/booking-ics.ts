import { database } from "~/context";
import { appointmentCalendarFile } from "~/modules/booking/booking.server";
import type { Route } from "./+types/booking-ics";

/**
 * GET /cita/calendario.ics?token=… — the client's appointment for their calendar app, from the
 * link of any of its e-mails (the token is the permission; nothing else is in the address). The
 * file names the service and the place, never the client.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const file = await appointmentCalendarFile(await database(context), token);
  if (file === null) {
    return new Response("No encontramos la cita de este enlace.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" },
    });
  }
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "X-Robots-Tag": "noindex",
    },
  });
}
