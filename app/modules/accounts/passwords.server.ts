import list from "./common-passwords.txt?raw";

/** At least 10,000 common passwords, refused at sign-up and reset (docs/decisions/007). */
const COMMON = new Set(
  list
    .split("\n")
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean),
);

export const COMMON_PASSWORD_COUNT = COMMON.size;

export function isCommonPassword(password: string) {
  return COMMON.has(password.trim().toLowerCase());
}
