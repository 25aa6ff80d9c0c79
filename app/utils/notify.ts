/**
 * Shows a toast without putting the toast library in every page's first download: the root
 * listens for this event, loads the toaster on first use, then shows the message.
 */
export interface Notice {
  type?: "success" | "error" | "info";
  title: string;
  description?: string;
  id?: string;
}

export const NOTICE_EVENT = "app:notice";

export function notify(notice: Notice) {
  window.dispatchEvent(new CustomEvent<Notice>(NOTICE_EVENT, { detail: notice }));
}
