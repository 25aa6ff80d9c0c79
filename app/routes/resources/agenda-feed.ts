import { database } from "~/context";
import { agendaFeed } from "~/modules/booking/feed.server";
import type { Route } from "./+types/agenda-feed";

/**
 * GET /api/citas.ics?token=… — the practice's confirmed appointments for her calendar app
 * (subscribed by address, so no session: the secret in the address is the key; only its hash is
 * kept, and 'Crear dirección nueva' in Citas replaces it).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const calendar = await agendaFeed(await database(context), token);
  if (calendar === null) {
    return new Response("Calendario no encontrado.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="citas.ics"',
      "X-Robots-Tag": "noindex",
    },
  });
}
