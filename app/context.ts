import { createContext } from "react-router";

/** Per-request values the Express layer hands to React Router. */
export interface RequestInfo {
  nonce: string;
  ip: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", ip: "" });
