/**
 * Recovery codes a person can copy from paper without guessing: capitals and digits with none of
 * the look-alikes (no 0/O, no 1/I/L, and no lower case at all, so no l either). better-auth's own
 * generator mixes a-z, A-Z and 0-9; auth.server.ts hands it this one
 * (`backupCodeOptions.customBackupCodesGenerate`). 31 symbols × 10 = 49.5 bits per code, behind
 * the plugin's lock-out and our rate limits. The shape stays `ABCDE-FGHJK` (RecoveryCodeSchema).
 */
export const RECOVERY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;

/** One symbol of the alphabet, uniformly (bytes over the largest multiple are drawn again). */
function randomSymbol() {
  const n = RECOVERY_ALPHABET.length;
  const limit = 256 - (256 % n);
  const byte = new Uint8Array(1);
  do crypto.getRandomValues(byte);
  while (byte[0]! >= limit);
  return RECOVERY_ALPHABET[byte[0]! % n]!;
}

export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT) {
  const codes = new Set<string>();
  while (codes.size < count) {
    const raw = Array.from({ length: RECOVERY_CODE_LENGTH }, randomSymbol).join("");
    codes.add(`${raw.slice(0, 5)}-${raw.slice(5)}`);
  }
  return [...codes];
}

/** The codes as a .txt file to download or print: the site, the account, one code per line. */
export function recoveryCodesText(codes: readonly string[], site: string, email: string) {
  return [
    `Códigos de recuperación de ${site}`,
    `Cuenta: ${email}`,
    "",
    "Cada código sirve una sola vez para entrar si no tienes el móvil.",
    "",
    ...codes,
    "",
  ].join("\n");
}
