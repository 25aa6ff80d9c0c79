/**
 * The steps of the panel's 'Primeros pasos' as the loader sends them (safe in the browser: the
 * component words each one). The server decides `done`; the rest says what is still missing.
 */
export type FirstStep =
  | { key: "identity"; done: boolean; missing: string[] }
  | { key: "photo"; done: boolean }
  | { key: "hours"; done: boolean; rulesSaved: boolean; unpriced: number }
  | { key: "booking"; done: boolean; enabled: boolean }
  | { key: "mail"; done: boolean; smtpConfigured: boolean }
  | { key: "reviews"; done: boolean; examples: number };
