/** What /cita shows (built by bookingView in booking.server.ts), safe to import in components. */

/** A service as the visitor reads it. */
export interface PublicService {
  id: number;
  name: string;
  durationMinutes: number;
  modality: string;
  priceText: string;
  mode: string;
  audience: string;
}

export interface CalendarDay {
  date: string;
  day: number;
  /** 1 = lunes … 7 = domingo. */
  weekday: number;
  free: number;
}

export interface BookingView {
  services: PublicService[];
  service: PublicService | null;
  /** The month shown (YYYY-MM), its neighbours when they can have slots. */
  month: {
    value: string;
    previous: string | null;
    next: string | null;
    days: CalendarDay[];
  } | null;
  day: { date: string; slots: { start: number; time: string }[] } | null;
  /** The chosen slot, when it is still free. */
  slot: { start: number; date: string; time: string } | null;
  /** A slot was asked for but is not free (taken meanwhile, or never offered). */
  slotGone: boolean;
  /** 'Primeros huecos libres' of step 2: the earliest free slots, over a few days. */
  firstSlots: { start: number; date: string; time: string }[];
  cancelHours: number;
}

/** One appointment as staff with appointments.read see it (the agenda, agenda.server.ts). */
export interface AgendaItem {
  id: string;
  startsAt: string;
  endsAt: string;
  serviceName: string;
  modality: string;
  status: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  firstVisit: boolean;
  note: string;
  changeRequest: string | null;
}
