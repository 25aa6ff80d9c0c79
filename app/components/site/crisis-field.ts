import { crisisScript } from "virtual:site-script";

/**
 * Spread on a free-text field where a person in crisis may write (contact, booking, review,
 * intake): the site script then checks what is typed, in the page, and shows the 024 notice
 * (app/browser/crisis-watch.ts). The value is the check's script, which only the server knows.
 */
export const CRISIS_FIELD = { "data-crisis": crisisScript };
