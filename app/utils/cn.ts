import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names with clsx: `cn("px-4", active && "text-primary")`. It does not merge: every
 * class given is kept, so an element must never get two classes that set the same thing (`px-4`
 * and `px-6`), or the order of the CSS would decide. Components offer such alternatives as
 * variants (class-variance-authority) instead; app/utils/cn.test.ts finds any such pair in app/.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
