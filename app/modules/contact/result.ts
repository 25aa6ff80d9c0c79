import type { FormResult } from "~/utils/form";

/**
 * What a contact form's action answers (`{ contact }`). `status` tells a refusal's kind (429:
 * too many messages).
 */
export type ContactServerResult = FormResult<{ email: string }> & { status?: number };
