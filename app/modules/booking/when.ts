import { formatDateTime } from "~/utils/format-time";
import { WEEKDAY_NAMES } from "./config";
import { madridWeekday } from "./slots";

/** 'lunes, 1 de febrero de 2027, 10:00' (Madrid time), wherever it is printed. */
export function appointmentWhenText(startsAt: Date | string) {
  const at = new Date(startsAt);
  return `${WEEKDAY_NAMES[madridWeekday(at.getTime()) - 1]}, ${formatDateTime(at)}`;
}

/** 'lunes, 1 de febrero de 2027': a Madrid calendar date (YYYY-MM-DD) as a person reads it. */
export function appointmentDayText(date: string) {
  return appointmentWhenText(`${date}T12:00:00Z`).split(", ").slice(0, 2).join(", ");
}
