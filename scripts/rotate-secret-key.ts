// npm run secret-key:rotate — replaces SECRET_KEY: every stored secret (secret variables, account
// credentials and OAuth tokens, OAuth sign-ins in progress, webhook shared secrets) is re-encrypted under a new key in one transaction, and
// from then on only the new key starts. For a key that may have leaked, or a rotation policy.
// Run it with the service stopped (it refuses while any web or worker process is connected: one
// would go on encrypting under the old key). The new key:
// - SECRET_KEY set in the environment: give the new one as NEW_SECRET_KEY (then set SECRET_KEY
//   to it wherever the service is configured);
// - the generated DATA_DIR/secret-key: a new key is generated (or NEW_SECRET_KEY taken) and
//   replaces the file. It is written beside it as secret-key.next before the commit, so a crash
//   between the commit and the rename loses nothing: the next run of this command finishes it.
//   The replaced key is kept as secret-key.previous-<UTC time> (mode 600, never overwritten):
//   it is the only key that reads the backups made before (DATA_DIR/backups included).
// Against DATABASE_URL, or else the embedded PostgreSQL in DATA_DIR.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db/client";
import { openOperatorDatabase } from "@/lib/db/open-operator-database";
import { listAppSessions } from "@/lib/db/list-app-sessions";
import { ConfigError, env, neverGenerateSecretKey, parseSecretKey, secretKeyFile } from "@/lib/env";
import { rotateSecretKey, type RotationResult } from "@/lib/secrets/rotate-secret-key";
import { syncToDisk } from "@/lib/sync-to-disk";
import { isKeyCheckOf, verifySecretKey } from "@/lib/secrets/verify-secret-key";

const USAGE = "usage: [NEW_SECRET_KEY=<64 hex characters or base64>] npm run secret-key:rotate";

async function main(): Promise<number> {
  if (process.argv.length > 2) {
    console.error(`unknown argument ${process.argv[2]}; ${USAGE}`);
    return 2;
  }
  const fromEnv = Boolean(process.env.SECRET_KEY);
  neverGenerateSecretKey(); // the current key is the service's: one made up here is not it
  const config = env();
  let current: Buffer;
  try {
    current = config.SECRET_KEY;
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 2;
  }
  const file = secretKeyFile(config.DATA_DIR);
  const staged = `${file}.next`;
  let next: Buffer;
  try {
    if (process.env.NEW_SECRET_KEY) next = parseSecretKey(process.env.NEW_SECRET_KEY);
    else if (fromEnv) throw new ConfigError("SECRET_KEY is set in the environment: give the new key as NEW_SECRET_KEY (e.g. from `openssl rand -hex 32`)");
    else next = randomBytes(32);
  } catch (e) {
    console.error(`${e instanceof Error ? e.message.replace(/^SECRET_KEY must/, "NEW_SECRET_KEY must") : e}; ${USAGE}`);
    return 2;
  }
  if (next.equals(current)) {
    console.error(`NEW_SECRET_KEY is the current key; ${USAGE}`);
    return 2;
  }

  const { db, close } = await openOperatorDatabase(config);
  try {
    if (!fromEnv && existsSync(staged)) {
      const pending = parseSecretKey(readFileSync(staged, "utf8"));
      if (await isStoredKey(db, pending)) {
        const kept = replaceFile(staged, file);
        console.log(`Finished an earlier rotation: its commit had been made, and ${file} now holds its key.`);
        console.log(keptMessage(kept));
        return 0;
      }
      rmSync(staged); // an earlier run that did not commit: its key encrypts nothing
    }
    // Before anything else: a refusal must change nothing (the key check included).
    const sessions = await listAppSessions({ db });
    if (sessions.length > 0) {
      console.error(
        `The service is running (connected: ${sessions.map((s) => `${s.name} ×${s.count}`).join(", ")}). ` +
          "Stop every web and worker process (npm start, start:web, start:worker) and run this again; nothing was changed.",
      );
      return 1;
    }
    // Never adopted here: a key that is not the database's is the wrong one to rotate from.
    await verifySecretKey({ db, secret: current, adopt: false });
    if (!fromEnv) writeDurably(staged, next.toString("hex") + "\n");
    let result: RotationResult | null;
    try {
      result = await db.$transaction((tx) => rotateSecretKey({ tx, from: current, to: next }), { maxWait: 60_000, timeout: 10 * 60_000 });
    } catch (e) {
      // A connection lost around the COMMIT leaves it unknown whether the new key is now the
      // database's: the staged key is removed only once it is known not to be.
      const committed = await isStoredKey(db, next).catch(() => undefined);
      if (committed === false) rmSync(staged, { force: true });
      else if (committed === undefined) {
        throw new Error(
          `${e instanceof Error ? e.message : e}; whether the rotation was committed is unknown: ` +
            (fromEnv ? "start with the previous key: if it is refused, NEW_SECRET_KEY is now the key" : "run this command again, which finishes or discards it"),
        );
      }
      if (committed !== true) throw e;
      result = null; // committed; only the answer was lost
    }
    const kept = fromEnv ? null : replaceFile(staged, file);

    const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
    console.log(
      result === null
        ? "SECRET_KEY rotated (what was re-encrypted is not known: the connection was lost as the rotation committed); every browser session ended."
        : `SECRET_KEY rotated: re-encrypted ${n(result.variables, "secret variable")}, ${n(result.connections, "account's credentials", "accounts' credentials")}, ` +
            `${n(result.oauthTokens, "account's OAuth tokens", "accounts' OAuth tokens")}, ${n(result.oauthSignIns, "OAuth sign-in in progress", "OAuth sign-ins in progress")} ` +
            `and ${n(result.webhookSecrets, "webhook shared secret")}; ${n(result.browserSessions, "browser session")} ended (everyone signs in again).` +
            (result.failureAlertUrls > 0 ? ` Also re-encrypted: ${n(result.failureAlertUrls, "failure-alert webhook URL")}.` : ""),
    );
    if (result && result.unreadable.length > 0) {
      console.log(
        `${n(result.unreadable.length, "stored value")} could not be decrypted with the previous key either and ${result.unreadable.length === 1 ? "was" : "were"} left as before ` +
          `(enter ${result.unreadable.length === 1 ? "it" : "them"} again): ${result.unreadable.map((u) => `${u.kind} ${u.name} (${u.id}, workspace ${u.workspaceId})`).join("; ")}.`,
      );
    }
    console.log(
      fromEnv
        ? "Set SECRET_KEY to the new key (the NEW_SECRET_KEY given) wherever the service is configured, then start it: the previous key is refused from now on."
        : `The new key is in ${file}; the previous key is refused from now on. Start the service as before.`,
    );
    console.log(
      fromEnv
        ? "Database backups made before now (DATA_DIR/backups included) can only be restored with the previous key, the SECRET_KEY this ran with: " +
            "keep it where you keep those backups until they are gone (README, Operations, Rotating the secret key)."
        : keptMessage(kept!),
    );
    return 0;
  } finally {
    await close();
  }
}

async function isStoredKey(db: Db, key: Buffer): Promise<boolean> {
  const row = await db.secretKeyCheck.findUnique({ where: { id: 1 } });
  return isKeyCheckOf(row?.hmac, key);
}

/** Written and flushed to disk before the transaction that makes it the only key that starts. */
function writeDurably(file: string, content: string) {
  writeFileSync(file, content, { mode: 0o600 });
  syncToDisk(file);
}

/** Renames the staged key over the key file, keeping the key it replaces; returns where. */
function replaceFile(from: string, to: string): string {
  const kept = keepPrevious(to);
  renameSync(from, to);
  syncToDisk(path.dirname(to));
  return kept;
}

/**
 * Copies the key file to secret-key.previous-<UTC time> (mode 600) before it is replaced: the
 * backups made until now, scheduled ones included, are encrypted under it and nothing else holds
 * it. Never overwrites one; a copy already kept (a rerun after a crash) is not made twice.
 */
function keepPrevious(file: string): string {
  const content = readFileSync(file);
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.previous-`;
  const same = readdirSync(dir).find((n) => n.startsWith(prefix) && readFileSync(path.join(dir, n)).equals(content));
  if (same) return path.join(dir, same);
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  for (let i = 1; ; i++) {
    const kept = path.join(dir, `${prefix}${stamp}${i > 1 ? `-${i}` : ""}`);
    try {
      writeFileSync(kept, content, { mode: 0o600, flag: "wx" }); // created 600: never readable by others, even for a moment
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw e;
    }
    syncToDisk(kept);
    syncToDisk(dir);
    return kept;
  }
}

const keptMessage = (kept: string) =>
  `The previous key is kept in ${kept} (mode 600): database backups made before now (DATA_DIR/backups included) can only be restored with it ` +
  "(README, Operations, Rotating the secret key). Delete it once those backups are gone.";

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof ConfigError ? `Configuration error: ${e.message}` : `rotation failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  },
);
