import type { Notice } from "~/utils/notify";

/**
 * A message left for the next page (a toast, e.g. 'Sesión cerrada') on a content page, where no
 * React toaster runs (docs/decisions/020): rendered by the server at the top of the screen, in a
 * live region; the site script (app/browser/notice.ts) lets it be closed and hides it after a few
 * seconds, as a toast would. Without JavaScript it stays, out of the way of the content.
 */
export function PageNotice({ notice }: { notice: Notice }) {
  const tone =
    notice.type === "error"
      ? "border-danger bg-danger-soft"
      : notice.type === "info"
        ? "border-info bg-info-soft"
        : "border-success bg-success-soft";
  return (
    <div
      role={notice.type === "error" ? "alert" : "status"}
      data-page-notice=""
      className={`fixed inset-x-3 top-3 z-50 mx-auto flex max-w-md items-start gap-3 rounded-card border ${tone} p-4 text-ink shadow-lift`}
    >
      <div className="flex-1">
        <p className="font-semibold">{notice.title}</p>
        {notice.description ? <p className="mt-1 text-sm">{notice.description}</p> : null}
      </div>
      <button
        type="button"
        data-page-notice-close=""
        hidden
        className="-m-2 min-h-11 min-w-11 cursor-pointer rounded-full text-sm font-semibold underline"
      >
        Cerrar
      </button>
    </div>
  );
}
