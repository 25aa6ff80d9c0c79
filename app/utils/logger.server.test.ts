import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { errSerializer, safeUrl } from "./logger.server";

describe("log serializers", () => {
  it("drops a failed statement's parameters from drizzle and database errors", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "user_email_unique"'),
      {
        code: "23505",
        constraint: "user_email_unique",
        detail: "Key (email)=(ana.ruiz@example.com) already exists.",
        query: "insert into user values ($1, $2)",
        parameters: ["Ana Ruiz", "ana.ruiz@example.com"],
      },
    );
    const error = new DrizzleQueryError(
      'insert into "user" ("name", "email") values ($1, $2)',
      ["Ana Ruiz", "ana.ruiz@example.com"],
      cause,
    );
    const out = errSerializer(error) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(text).not.toContain("ana.ruiz@example.com");
    expect(text).not.toContain("Ana Ruiz");
    expect(out.message).toBe(
      'Failed query: insert into "user" ("name", "email") values ($1, $2) (parámetros omitidos)',
    );
    expect(out.params).toBeUndefined();
    expect(String(out.stack)).toMatch(/^Error: Failed query: insert into "user"/);
    // The error code and constraint name stay: enough to find the problem.
    expect(out.db).toEqual({
      code: "23505",
      constraint: "user_email_unique",
      message: 'duplicate key value violates unique constraint "user_email_unique"',
    });
  });

  it("drops the value a database quotes in its message", () => {
    const error = Object.assign(
      new Error('invalid input syntax for type integer: "ana.ruiz@example.com"'),
      { code: "22P02", query: "select 1 where id = $1", params: ["ana.ruiz@example.com"] },
    );
    const out = errSerializer(new DrizzleQueryError("select 1 where id = $1", ["x"], error));
    expect(JSON.stringify(out)).not.toContain("ana.ruiz@example.com");
    expect((out as { db: unknown }).db).toEqual({
      code: "22P02",
      message: 'invalid input syntax for type integer: "[redactado]"',
    });
  });

  it("keeps ordinary errors as pino prints them", () => {
    const out = errSerializer(new TypeError("x no es una función")) as Record<string, unknown>;
    expect(out).toMatchObject({ type: "TypeError", message: "x no es una función" });
  });

  it("logs request paths with every query value replaced", () => {
    expect(safeUrl("/auth/restablecer?token=SECRET123&email=a@b.c")).toBe(
      "/auth/restablecer?token=[redactado]&email=[redactado]",
    );
    expect(safeUrl("/blog")).toBe("/blog");
    expect(safeUrl("/blog?")).toBe("/blog");
    expect(safeUrl("/admin.data?_routes=x")).toBe("/admin.data?_routes=[redactado]");
  });
});
