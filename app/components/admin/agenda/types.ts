/** What the agenda's loader sends its components (safe in the browser: no server module). */
import type { AgendaItem } from "~/modules/booking/view";
import type { SignerStatus } from "~/modules/consent/rules";

/** One appointment as staff with appointments.read see it, with what the agenda adds. */
export interface AgendaEntry extends AgendaItem {
  /** 'lunes, 1 de febrero de 2027, 10:00'. */
  when: string;
  /** Madrid calendar date, YYYY-MM-DD. */
  date: string;
  past: boolean;
  /**
   * The appointment's informed consent (staff with `consent.manage`): its state and signatures;
   * null when none was sent; undefined when this person may not see it.
   */
  consent?: {
    status: string;
    signed: number;
    needed: number;
    signers: { role: "client" | "parent"; status: SignerStatus }[];
  } | null;
}

/** The seven days shown: first and last, and where the neighbouring seven start. */
export interface AgendaRange {
  start: string;
  end: string;
  previous: string;
  next: string;
}

/** 'Lista' (each day, empty ones on one line) or 'Semana' (the grid): '?vista=semana'. */
export type AgendaView = "lista" | "semana";

/** A block of the week grid: when it starts and ends (minutes after Madrid midnight). */
export interface GridBlock {
  key: string;
  startMinute: number;
  endMinute: number;
  from: string;
  to: string;
  /** What the block says, and what a screen reader hears. */
  title: string;
  detail?: string;
  status?: string;
  /** Where the block leads (the appointment in the list), when it has anything more to show. */
  href?: string;
}

export interface GridDay {
  date: string;
  /** 'miércoles, 3 de febrero de 2027'. */
  label: string;
  blocks: GridBlock[];
}

export const STATUS: Record<string, { label: string; variant: "success" | "warning" | "neutral" }> =
  {
    held: { label: "Sin confirmar por el cliente", variant: "neutral" },
    requested: { label: "Solicitada", variant: "warning" },
    confirmed: { label: "Confirmada", variant: "success" },
  };

/** The agenda's address with its query: the range and the view, each only when not the default. */
export function agendaHref(options: { week?: string | null; view?: AgendaView; hash?: string }) {
  const query = new URLSearchParams();
  if (options.week) query.set("semana", options.week);
  if (options.view === "semana") query.set("vista", "semana");
  const search = query.toString();
  return `/admin/citas${search ? `?${search}` : ""}${options.hash ? `#${options.hash}` : ""}`;
}
