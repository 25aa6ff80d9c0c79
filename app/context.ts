import { createContext } from "react-router";

/** Per-request values the Express layer hands to React Router. */
export interface RequestInfo {
  nonce: string;
  ip: string;
  /** The page cache keeps this response: render the whole document at once, as for a crawler. */
  forCache?: boolean;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", ip: "" });
