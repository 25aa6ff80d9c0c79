/**
 * Desktop notifications for staff (docs/product.md#new-review-notice: problems are only logged).
 * Admin pages only.
 */
export type NotificationState = "unsupported" | NotificationPermission;

export function notificationState(): NotificationState {
  return typeof window !== "undefined" && "Notification" in window
    ? Notification.permission
    : "unsupported";
}

/** Asks for permission; true when desktop notifications may be shown. */
export async function requestNotifications(): Promise<boolean> {
  if (notificationState() === "unsupported") {
    console.info("Este navegador no soporta notificaciones de escritorio");
    return false;
  }
  try {
    return (await Notification.requestPermission()) === "granted";
  } catch (error) {
    console.info("No se pudo solicitar el permiso de notificaciones", error);
    return false;
  }
}

/** Shows a desktop notification if permitted, asking first only when undecided. */
export async function showDesktopNotification(title: string, body: string) {
  const state = notificationState();
  if (state === "unsupported") {
    console.info("Este navegador no soporta notificaciones de escritorio");
    return;
  }
  if (state === "denied" || (state === "default" && !(await requestNotifications()))) {
    console.info("Permiso de notificaciones no concedido");
    return;
  }
  try {
    new Notification(title, { body, icon: "/favicon.svg", tag: "nueva-resena", lang: "es" });
  } catch (error) {
    console.info("No se pudo mostrar la notificación de escritorio", error);
  }
}
