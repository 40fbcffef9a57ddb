// DATA_DIR as an operator gets it wrong: a file, a path through a file, a folder that cannot be
// made. Each stops start-up with one line naming DATA_DIR (README, Configuration), not a stack
// trace from reading DATA_DIR/secret-key. And a start-up that checks the key against the database
// first (generateSecretKeyAtCheck) holds a new key in memory instead of writing it at once.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { runScript } from "@/tests/helpers/run-script";

const scratch = mkdtempSync(path.join(os.tmpdir(), "env-data-dir-"));
const aFile = path.join(scratch, "a-file");
writeFileSync(aFile, "not a folder");

// lib/env.ts keeps its mode and held keys in module state: a fresh copy per test.
let lib: typeof import("@/lib/env");
beforeEach(async () => {
  vi.resetModules();
  lib = await import("@/lib/env");
});
const load = (vars: Record<string, string>) => lib.loadEnv({ NODE_ENV: "test", ...vars });

describe("DATA_DIR", () => {
  it("that is a file, or lies beneath one, is refused naming DATA_DIR, with or without SECRET_KEY", () => {
    expect(() => load({ DATA_DIR: aFile })).toThrow(new lib.ConfigError(`DATA_DIR: ${aFile} is not a directory`));
    expect(() => load({ DATA_DIR: aFile, SECRET_KEY: "a".repeat(64) })).toThrow(`DATA_DIR: ${aFile} is not a directory`);
    const beneath = path.join(aFile, "data");
    expect(() => load({ DATA_DIR: beneath })).toThrow(`DATA_DIR: ${beneath} is not a directory (part of its path is a file)`);
  });

  it("that cannot be created is refused naming DATA_DIR", () => {
    // sysfs refuses new folders, root or not.
    expect(() => lib.ensureDataDir("/sys/msp-flow-test")).toThrow(/^DATA_DIR: \/sys\/msp-flow-test cannot be created \(/);
  });

  it("given to npm start as a file: one configuration line and exit 1, no stack trace, with or without SECRET_KEY", async () => {
    for (const key of [undefined, randomBytes(32).toString("hex")]) {
      const r = await runScript("scripts/start.ts", ["--dev"], { DATA_DIR: aFile, SECRET_KEY: key, DATABASE_URL: undefined }, 60_000);
      expect(r.code, r.out).toBe(1);
      expect(r.out.trim()).toBe(`Configuration error: DATA_DIR: ${aFile} is not a directory`);
    }
  });
});

describe("a missing DATA_DIR/secret-key", () => {
  it("is generated at once by default", () => {
    const dir = path.join(scratch, `now-${randomBytes(3).toString("hex")}`);
    const config = load({ DATA_DIR: dir });
    expect(readFileSync(path.join(dir, "secret-key"), "utf8").trim()).toBe(config.SECRET_KEY.toString("hex"));
    expect(lib.heldSecretKey(config)).toBeNull();
  });

  it("is held unwritten at a start-up that checks it first, the same key every time, until saved", () => {
    lib.generateSecretKeyAtCheck();
    const dir = path.join(scratch, `held-${randomBytes(3).toString("hex")}`);
    const file = path.join(dir, "secret-key");
    const config = load({ DATA_DIR: dir });
    expect(existsSync(file)).toBe(false);
    expect(load({ DATA_DIR: dir }).SECRET_KEY).toEqual(config.SECRET_KEY);
    expect(lib.heldSecretKey(config)).toEqual({ file, key: config.SECRET_KEY });
    expect(lib.saveHeldSecretKey(file)).toEqual(config.SECRET_KEY);
    expect(readFileSync(file, "utf8").trim()).toBe(config.SECRET_KEY.toString("hex"));
    expect(lib.heldSecretKey(load({ DATA_DIR: dir }))).toBeNull();
  });

  it("held, yields to the key another process wrote first", () => {
    lib.generateSecretKeyAtCheck();
    const dir = path.join(scratch, `raced-${randomBytes(3).toString("hex")}`);
    const file = path.join(dir, "secret-key");
    load({ DATA_DIR: dir });
    const theirs = randomBytes(32);
    writeFileSync(file, theirs.toString("hex"));
    expect(lib.saveHeldSecretKey(file)).toEqual(theirs);
    expect(load({ DATA_DIR: dir }).SECRET_KEY).toEqual(theirs);
  });
});
