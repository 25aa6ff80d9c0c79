import { useEffect, useState } from "react";
import { formatTime } from "~/utils/format-time";
import type { AutosaveStatus } from "./use-autosave";

const SAVED = "Cambios guardados automáticamente";
const FAILED = "No se pudieron guardar los cambios automáticamente";
const PAUSED =
  "El guardado automático se reanudará cuando recuperes o descartes los cambios sin guardar.";

/**
 * The editor's discreet autosave line. The visible text carries the time of the last copy; a
 * separate polite live region says only when the state changes (saved, failed, paused), so a
 * screen reader is not told again every few seconds while the person types.
 */
export function AutosaveStatusLine({
  status,
  paused,
}: {
  status: AutosaveStatus;
  paused: boolean;
}) {
  const state = paused ? "paused" : status.state;
  const [announced, setAnnounced] = useState("");
  useEffect(() => {
    // Paused is said by the banner that offers the older copy.
    setAnnounced(state === "saved" ? SAVED : state === "error" ? FAILED : "");
  }, [state]);
  const visible =
    state === "paused"
      ? PAUSED
      : status.state === "saved"
        ? `${SAVED} a las ${formatTime(status.at)}`
        : status.state === "error"
          ? FAILED
          : "";
  return (
    <div className="mr-auto self-center text-sm">
      <p
        aria-hidden="true"
        className={status.state === "error" && !paused ? "text-danger" : "text-muted"}
      >
        {visible}
      </p>
      <p aria-live="polite" className="sr-only">
        {announced}
      </p>
    </div>
  );
}
