/** A service outside the practice that handles visitors' data (processors.server.ts lists them). */
export interface Processor {
  /** What it does for the practice, in Spanish. */
  role: string;
  /** Who: a host name, or the company. */
  name: string;
}
