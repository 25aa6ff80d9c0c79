import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldErrors } from "~/utils/form";
import {
  checkForgotPassword,
  checkNewPassword,
  checkSignIn,
  checkSignUp,
  MESSAGES,
} from "./form-rules";
import { ForgotPasswordSchema, ResetPasswordSchema, SignInSchema, SignUpSchema } from "./schemas";

/** What the server's schema says about the same values (field → messages). */
function serverSays(schema: z.ZodType, values: Record<string, string>) {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

const EMAILS = [
  "",
  "   ",
  "ana@example.com",
  "  Ana.Ruiz@Example.ES  ",
  "ana",
  "ana@",
  "ana@example",
  "ana@@example.com",
  "ana ruiz@example.com",
  ".ana@example.com",
  "ana..ruiz@example.com",
  "ana+consulta@example.com",
  "josé@example.com",
  `${"a".repeat(250)}@example.com`,
];
const PASSWORDS = [
  "",
  " ",
  "corta",
  "12345678",
  "una frase larga",
  "x".repeat(129),
  "x".repeat(600),
];

describe("the browser's checks say what the server's schemas say", () => {
  it.each(EMAILS.flatMap((email) => PASSWORDS.map((password) => ({ email, password }))))(
    "sign-in %j",
    (values) => {
      expect(checkSignIn(values)).toEqual(serverSays(SignInSchema, values));
    },
  );

  it.each(
    ["", "  ", "Ana Ruiz", "n".repeat(101)].flatMap((name) =>
      EMAILS.flatMap((email) => PASSWORDS.map((password) => ({ name, email, password }))),
    ),
  )("sign-up %j", (values) => {
    expect(checkSignUp(values)).toEqual(serverSays(SignUpSchema, values));
  });

  it.each(EMAILS.map((email) => ({ email })))("forgotten password %j", (values) => {
    expect(checkForgotPassword(values)).toEqual(serverSays(ForgotPasswordSchema, values));
  });

  it.each(
    PASSWORDS.flatMap((password) =>
      ["", password, "otra frase distinta"].map((confirm) => ({ password, confirm })),
    ),
  )("new password %j", (values) => {
    const server = serverSays(ResetPasswordSchema, { ...values, token: "t".repeat(20) });
    expect(checkNewPassword(values)).toEqual(server);
  });

  it("names empty fields with the specification's message", () => {
    expect(checkSignIn({})).toEqual({
      email: [MESSAGES.fillAll],
      password: [MESSAGES.fillAll],
    });
  });
});
