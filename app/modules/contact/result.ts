import type { FormResult } from "~/utils/form";

/**
 * What a contact form's action answers (`{ contact }`). `status` tells a refusal's kind (429:
 * too many messages); `unreachable` is set in the browser when the server could not be reached
 * or failed (the page's clientAction), and leads to the visitor's mail client.
 */
export type ContactServerResult = FormResult<{ email: string }> & {
  status?: number;
  unreachable?: boolean;
};
