import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Each test file writes its e-mails (.eml), secrets and images in a folder of its own: files run
// in parallel, and one file's erase or retention run must not see another's mail.
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "psico-vitest-"));
