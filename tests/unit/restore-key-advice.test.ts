// What db:restore says about the key, against the restored database's key check: it names the
// candidate that is the backup's key (the shell's SECRET_KEY, DATA_DIR/secret-key, a key that
// secret-key:rotate kept) or says to bring it — onto a fresh DATA_DIR, put it in DATA_DIR/secret-key.
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { restoreKeyAdvice } from "@/lib/backup/restore-key-advice";
import { keyCheck } from "@/lib/secrets/verify-secret-key";

const backupKey = randomBytes(32);
const check = keyCheck(backupKey);
const dir = () => mkdtempSync(path.join(os.tmpdir(), "restore-advice-"));
const put = (file: string, key: Buffer) => writeFileSync(file, `${key.toString("hex")}\n`, { mode: 0o600 });

describe("restoreKeyAdvice", () => {
  it("onto a fresh DATA_DIR: put the backup's key in DATA_DIR/secret-key, or set SECRET_KEY", () => {
    const d = dir();
    expect(restoreKeyAdvice({ dataDir: d, keyCheck: check, envKey: null })).toBe(
      `${d} has no secret-key: before npm start, put the key in use when the backup was made (the one kept with it) in ${path.join(d, "secret-key")} ` +
        "(64 hex characters, mode 600) or set SECRET_KEY to it; the service refuses to start without it.",
    );
  });

  it("names DATA_DIR/secret-key, or the shell's SECRET_KEY, when it is the backup's key", () => {
    const d = dir();
    put(path.join(d, "secret-key"), backupKey);
    expect(restoreKeyAdvice({ dataDir: d, keyCheck: check, envKey: null })).toBe(`${path.join(d, "secret-key")} is the backup's key: start the service as before.`);
    expect(restoreKeyAdvice({ dataDir: d, keyCheck: check, envKey: backupKey })).toBe("The SECRET_KEY in this shell is the backup's key: start the service with it.");
    expect(restoreKeyAdvice({ dataDir: d, keyCheck: check, envKey: randomBytes(32) })).toMatch(
      new RegExp(`^The SECRET_KEY in this shell is not the backup's key: start the service with the key in ${path.join(d, "secret-key")}`),
    );
  });

  it("a backup from before a rotation: names the key secret-key:rotate kept, and says to move the newer one aside", () => {
    const d = dir();
    const file = path.join(d, "secret-key");
    put(file, randomBytes(32));
    put(path.join(d, "secret-key.previous-20260101T000000Z"), randomBytes(32));
    put(path.join(d, "secret-key.previous-20260301T000000Z"), backupKey);
    expect(restoreKeyAdvice({ dataDir: d, keyCheck: check, envKey: null })).toBe(
      `The backup's key is ${path.join(d, "secret-key.previous-20260301T000000Z")} (kept by secret-key:rotate), not ${file}: before npm start, ` +
        `move ${file} aside (the newer data's key) and copy it to ${file} (mode 600), or set SECRET_KEY to it.`,
    );
  });

  it("a key file that is not the backup's, and no kept one: says so", () => {
    const d = dir();
    put(path.join(d, "secret-key"), randomBytes(32));
    expect(restoreKeyAdvice({ dataDir: d, keyCheck: check, envKey: null })).toMatch(/secret-key is not the backup's key: before npm start, put the key in use when the backup was made/);
  });

  it("a database without a key check: the key in use when the backup was made, unchecked", () => {
    const d = dir();
    expect(restoreKeyAdvice({ dataDir: d, keyCheck: null, envKey: null })).toContain(`${d} has no secret-key: before npm start, put the key in use when the backup was made`);
    expect(restoreKeyAdvice({ dataDir: d, keyCheck: null, envKey: backupKey })).toBe(
      "Start the service with the SECRET_KEY the backup's secrets were encrypted with (the one in use when it was made).",
    );
  });
});
