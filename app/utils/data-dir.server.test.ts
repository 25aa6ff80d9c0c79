import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { secureDataDir } from "./data-dir.server";

describe("DATA_DIR permissions", () => {
  it("removes group and world access from files and folders, leaving symbolic links alone", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "datadir-"));
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "outside-"));
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, "mail"), { mode: 0o777 });
    fs.chmodSync(path.join(dir, "mail"), 0o777);
    fs.writeFileSync(path.join(dir, "mail", "a.eml"), "x");
    fs.chmodSync(path.join(dir, "mail", "a.eml"), 0o666);
    fs.writeFileSync(path.join(dir, "ok.json"), "x", { mode: 0o600 });
    fs.chmodSync(outside, 0o755);
    fs.symlinkSync(outside, path.join(dir, "enlace"));

    const result = secureDataDir(dir);
    const mode = (f: string) => fs.statSync(f).mode & 0o777;
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, "mail"))).toBe(0o700);
    expect(mode(path.join(dir, "mail", "a.eml"))).toBe(0o600);
    expect(mode(path.join(dir, "ok.json"))).toBe(0o600);
    expect(mode(outside)).toBe(0o755);
    expect(result.fixed).toHaveLength(3);
    expect(result.failed).toEqual([]);
    expect(secureDataDir(dir).fixed).toEqual([]);
  });
});
