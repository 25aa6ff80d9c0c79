/**
 * The browser side of the new-review notice: the flag kept in storage for the public header's
 * 'Acceder' dot (spec §3), and desktop notifications (spec §4, §8: problems are only logged).
 */
export const NEW_REVIEWS_FLAG = "new_reviews_notification";

export function readNewReviewsFlag() {
  try {
    return window.localStorage.getItem(NEW_REVIEWS_FLAG) === "true";
  } catch {
    return false;
  }
}

export function writeNewReviewsFlag(on: boolean) {
  try {
    if (on) window.localStorage.setItem(NEW_REVIEWS_FLAG, "true");
    else window.localStorage.removeItem(NEW_REVIEWS_FLAG);
  } catch {
    // storage unavailable (private mode): the dot is a convenience only
  }
}

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
