import * as z from "zod/mini";

/** A NUL character cannot be stored or mailed; nothing a person types contains it. */
export const noNul = (message: string) => z.refine<string>((v) => !v.includes("\u0000"), message);
