import { createContext, type RouterContextProvider } from "react-router";
import type { Db } from "~/db/client.server";

/** Per-request values the Express layer hands to React Router. */
export interface RequestInfo {
  nonce: string;
  ip: string;
  /** The page cache keeps this response: render the whole document at once, as for a crawler. */
  forCache?: boolean;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", ip: "" });

/**
 * Where the modules a loader or action calls find the database: the server (and a test) sets it.
 * Routes pass the handle on and never query it themselves (lint forbids `~/db` and drizzle-orm
 * under app/routes and app/components).
 */
export const databaseContext = createContext<() => Promise<Db>>();

export function database(context: Readonly<RouterContextProvider>): Promise<Db> {
  return context.get(databaseContext)();
}
