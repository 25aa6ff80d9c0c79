import { describe, expect, it } from "vitest";
import { parseWith } from "~/utils/form-schema";
import {
  AppCodeSchema,
  ConfirmPasswordSchema,
  ConfirmWithCodeSchema,
  ForgotPasswordSchema,
  InviteSchema,
  MESSAGES,
  RecoveryCodeSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
} from "./schemas";

/** What the form shows under each field (the browser and the action run the same call). */
const says = (schema: Parameters<typeof parseWith>[0], values: Record<string, unknown>) => {
  const verdict = parseWith(schema, values);
  return verdict.ok ? {} : verdict.fieldErrors;
};

describe("the account forms' schemas", () => {
  it("names empty fields with the product's messages", () => {
    expect(says(SignInSchema, {})).toEqual({
      email: [MESSAGES.fillAll],
      password: [MESSAGES.fillAll],
    });
    expect(says(ForgotPasswordSchema, { email: "  " })).toEqual({ email: [MESSAGES.enterEmail] });
    expect(says(SignUpSchema, { name: " ", email: "", password: "" })).toEqual({
      name: [MESSAGES.fillAll],
      email: [MESSAGES.fillAll],
      password: [MESSAGES.passwordMin],
    });
  });

  it.each([
    ["ana@example.com", null],
    ["  Ana.Ruiz@Example.ES  ", null],
    ["ana+consulta@example.com", null],
    ["ana", MESSAGES.invalidEmail],
    ["ana@", MESSAGES.invalidEmail],
    ["ana@example", MESSAGES.invalidEmail],
    ["ana@@example.com", MESSAGES.invalidEmail],
    ["ana ruiz@example.com", MESSAGES.invalidEmail],
    [".ana@example.com", MESSAGES.invalidEmail],
    ["ana..ruiz@example.com", MESSAGES.invalidEmail],
    ["josé@example.com", MESSAGES.invalidEmail],
    [`${"a".repeat(250)}@example.com`, MESSAGES.emailTooLong],
  ])("the address %j → %s", (email, message) => {
    expect(says(SignInSchema, { email, password: "x" }).email).toEqual(
      message ? [message] : undefined,
    );
  });

  it("trims and lower-cases the address, and never touches a password", () => {
    const verdict = parseWith(SignInSchema, { email: " Ana@Example.ES ", password: " a b " });
    expect(verdict).toEqual({ ok: true, data: { email: "ana@example.es", password: " a b " } });
  });

  it("new passwords: 8 to 128 characters, repeated the same", () => {
    const token = "t".repeat(20);
    expect(says(ResetPasswordSchema, { token, password: "corta", confirm: "corta" })).toEqual({
      password: [MESSAGES.passwordMin],
    });
    expect(
      says(ResetPasswordSchema, { token, password: "x".repeat(129), confirm: "x".repeat(129) }),
    ).toEqual({ password: [MESSAGES.passwordMax] });
    expect(
      says(ResetPasswordSchema, { token, password: "una frase larga", confirm: "otra frase" }),
    ).toEqual({ confirm: [MESSAGES.passwordMismatch] });
    expect(
      says(ResetPasswordSchema, { token, password: "una frase larga", confirm: "una frase larga" }),
    ).toEqual({});
    expect(
      says(SignInSchema, { email: "ana@example.com", password: "x".repeat(600) }).password,
    ).toEqual([MESSAGES.passwordTooLong]);
  });

  it("confirming who one is takes any password a sign-in takes", () => {
    expect(says(ConfirmPasswordSchema, { password: "" })).toEqual({
      password: [MESSAGES.enterPassword],
    });
    expect(says(ConfirmPasswordSchema, { password: "x".repeat(300) })).toEqual({});
    expect(says(ConfirmPasswordSchema, { password: "x".repeat(600) })).toEqual({
      password: [MESSAGES.passwordTooLong],
    });
  });

  it("an invitation needs a known role", () => {
    expect(
      says(InviteSchema, { name: "Ana", email: "ana@example.com", role: "root" }).role,
    ).toEqual(["Elige un rol válido"]);
    expect(
      says(InviteSchema, { name: "n".repeat(101), email: "ana@example.com", role: "editor" }),
    ).toEqual({ name: [MESSAGES.nameTooLong] });
  });

  it.each([
    [AppCodeSchema, "123456", "123456"],
    [AppCodeSchema, " 123 456 ", "123456"],
    [AppCodeSchema, "123-456", "123456"],
    [AppCodeSchema, "12345", null],
    [AppCodeSchema, "12345a", null],
    [AppCodeSchema, "1".repeat(21), null],
    [RecoveryCodeSchema, "ABCDE-12345", "ABCDE-12345"],
    [RecoveryCodeSchema, "abcde 12345", "abcde-12345"],
    [RecoveryCodeSchema, "ABCDE12345", "ABCDE-12345"],
    [RecoveryCodeSchema, "ABCDE-1234", null],
    [RecoveryCodeSchema, "ABCDE_12345", null],
  ])("a code as typed: %#", (schema, typed, kept) => {
    const verdict = parseWith(schema, { code: typed });
    if (kept === null) {
      const message =
        schema === AppCodeSchema ? MESSAGES.appCodeFormat : MESSAGES.recoveryCodeFormat;
      expect(verdict).toMatchObject({ ok: false, fieldErrors: { code: [message] } });
    } else {
      expect(verdict).toEqual({ ok: true, data: { code: kept } });
    }
  });

  it("confirming who one is with the second step needs the password and the app's code", () => {
    expect(says(ConfirmWithCodeSchema, { password: "secreto" })).toEqual({
      code: [MESSAGES.appCodeFormat],
    });
    expect(says(ConfirmWithCodeSchema, { password: "", code: "123456" })).toEqual({
      password: [MESSAGES.enterPassword],
    });
  });
});
