import { describe, expect, it } from "vitest";
import { RecoveryCodeSchema } from "./schemas";
import { generateRecoveryCodes, RECOVERY_ALPHABET, recoveryCodesText } from "./recovery-codes";

describe("recovery codes", () => {
  it("use an alphabet without look-alikes: no 0/O, 1/I/L, nor lower case", () => {
    for (const ambiguous of ["0", "O", "1", "I", "l", "L", "i", "o"]) {
      expect(RECOVERY_ALPHABET).not.toContain(ambiguous);
    }
    expect(RECOVERY_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    expect(new Set(RECOVERY_ALPHABET).size).toBe(RECOVERY_ALPHABET.length);
  });

  it("are ten distinct codes of the shape ABCDE-FGHJK, drawn from the whole alphabet", () => {
    const seen = new Set<string>();
    for (let round = 0; round < 50; round++) {
      const codes = generateRecoveryCodes();
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) {
        expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
        for (const c of code.replace("-", "")) {
          expect(RECOVERY_ALPHABET).toContain(c);
          seen.add(c);
        }
        // What a person types back is what was issued.
        const typed = RecoveryCodeSchema.safeParse({ code: code.replace("-", " ") });
        expect(typed.data?.code).toBe(code);
      }
    }
    // 5,000 symbols: every one of the 31 shows up (a skewed draw would miss some).
    expect(seen.size).toBe(RECOVERY_ALPHABET.length);
  });

  it("download as text: one code per line under the account's name", () => {
    const text = recoveryCodesText(["ABCDE-FGH23", "JKMNP-QRS45"], "Consulta", "ana@example.com");
    expect(text.split("\n")).toEqual(expect.arrayContaining(["ABCDE-FGH23", "JKMNP-QRS45"]));
    expect(text).toContain("Cuenta: ana@example.com");
  });
});
