const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/** The value as the check reads it: capitals, without spaces, dots or hyphens. */
export function compactNif(value: string) {
  return value.toUpperCase().replace(/[\s.-]/g, "");
}

/**
 * A person's Spanish identity number: a DNI (8 digits and its check letter) or an NIE (X, Y or Z,
 * 7 digits and the letter). Shared by the practice's own NIF (compliance) and the DNI/NIE a
 * signer of a consent types (consent).
 */
export function isDniOrNie(value: string) {
  const v = compactNif(value);
  const dni = /^(\d{8})([A-Z])$/.exec(v);
  if (dni) return DNI_LETTERS[Number(dni[1]) % 23] === dni[2];
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(v);
  if (nie) return DNI_LETTERS[Number("XYZ".indexOf(nie[1]!) + nie[2]!) % 23] === nie[3];
  return false;
}

/**
 * A Spanish NIF: a DNI or NIE, or the letter-and-digits shape of a company's NIF. '00000000T' is
 * well formed and is the example: the caller checks that separately.
 */
export function isNif(value: string) {
  return isDniOrNie(value) || /^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(compactNif(value));
}
