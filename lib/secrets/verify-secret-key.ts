// Refuses a SECRET_KEY other than the one this database's secrets were encrypted with. Without
// it a process with a new key ran "ready" and failed only later: every signed delivery 503 for
// ever, every run reading a secret told to "fill it in". Every process that decrypts calls this
// at start (the launcher's and db:prepare's prepare step, the web server, the worker).
// A database that holds no encrypted secrets takes a new key (with a warn line): nothing is lost.
// The database keeps HMAC-SHA256(key, constant): it tells keys apart and helps guess none.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createDb, type Db } from "@/lib/db/client";
import { existsSync } from "node:fs";
import { ConfigError, databaseUrl, env, heldSecretKey, saveHeldSecretKey } from "@/lib/env";
import { logger } from "@/lib/log";
import { decryptSecret } from "@/lib/secrets/crypto";

const CHECK_INPUT = "msp-flow key check v1";
// The newest few of each kind: one that decrypts proves the key (AES-GCM authenticates).
const SAMPLE_PER_KIND = 5;

/** What SecretKeyCheck stores for a key. */
export const keyCheck = (secret: Buffer) => createHmac("sha256", secret).update(CHECK_INPUT).digest("base64url");

/** Whether a stored check is `secret`'s (compared in constant time). */
export function isKeyCheckOf(stored: string | null | undefined, secret: Buffer): boolean {
  const mine = Buffer.from(keyCheck(secret));
  return typeof stored === "string" && stored.length === mine.length && timingSafeEqual(Buffer.from(stored), mine);
}

const refusal = (why: string) =>
  new ConfigError(
    `SECRET_KEY does not match the key this database's secrets were encrypted with (${why}); ` +
      `start with that key (the SECRET_KEY it ran with, or its DATA_DIR/secret-key; for a restored backup, the key in use when the backup was made — ` +
      `after a key rotation, the DATA_DIR/secret-key.previous-<time> it kept). ` +
      `Without it the stored secrets cannot be read: see README, Operations, "Secret key"`,
  );

async function sampleEncrypted(client: Db): Promise<string[]> {
  const take = SAMPLE_PER_KIND;
  const orderBy = { updatedAt: "desc" } as const;
  const [vars, accounts, workflows] = await Promise.all([
    client.variable.findMany({ where: { valueEncrypted: { not: null } }, select: { valueEncrypted: true }, orderBy, take }),
    client.connection.findMany({ where: { credentialsEncrypted: { not: null } }, select: { credentialsEncrypted: true }, orderBy, take }),
    client.workflow.findMany({ where: { triggerSecretEncrypted: { not: null } }, select: { triggerSecretEncrypted: true }, orderBy, take }),
  ]);
  return [...vars.map((v) => v.valueEncrypted), ...accounts.map((a) => a.credentialsEncrypted), ...workflows.map((w) => w.triggerSecretEncrypted)].filter(
    (v): v is string => v !== null,
  );
}

const decrypts = (stored: string, secret: Buffer) => {
  try {
    decryptSecret(stored, secret);
    return true;
  } catch {
    return false;
  }
};

/**
 * matched: the stored check is this key's; adopted: this key's check was stored now. Throws
 * ConfigError otherwise. `adopt: false` (an operator command) never stores a check: a key that
 * is not the stored one is refused even where nothing is encrypted yet. Without `db`, on a connection of its own to DATABASE_URL, closed after
 * (an entry point calls it before its own pools are set up).
 */
export async function verifySecretKey({ db: given, secret, adopt = true }: { db?: Db; secret?: Buffer; adopt?: boolean } = {}): Promise<"matched" | "adopted"> {
  const client = given ?? createDb(databaseUrl(), 1);
  try {
    return await verifyWith(client, secret ?? (await keyOfThisProcess(client)), adopt);
  } finally {
    if (!given) await client.$disconnect();
  }
}

/**
 * env().SECRET_KEY — unless it was generated for a missing DATA_DIR/secret-key and is held
 * unwritten (lib/env.ts generateSecretKeyAtCheck): then it is written only for a database that
 * has no key yet. A database that has one (a backup restored onto a fresh DATA_DIR, a lost key
 * file) is refused saying which key to bring, and no key file is left behind that is not its key.
 */
async function keyOfThisProcess(client: Db): Promise<Buffer> {
  const held = heldSecretKey();
  if (!held) return env().SECRET_KEY;
  const checked = (await client.secretKeyCheck.count()) > 0;
  // A process sharing this DATA_DIR may have written the file (and stored its check) since: its key then.
  if ((checked || (await sampleEncrypted(client)).length > 0) && !existsSync(held.file)) {
    throw new ConfigError(
      `SECRET_KEY is not set and ${held.file} does not exist, but this database ${checked ? "already has a key (the check of it is stored)" : "holds secrets encrypted with a key"}: ` +
        `put that key in ${held.file} (64 hex characters, mode 600; for a restored backup, the key kept with it) or set SECRET_KEY to it, then start again. ` +
        `No key was generated: only the database's own key starts it`,
    );
  }
  return saveHeldSecretKey(held.file);
}

async function verifyWith(client: Db, secret: Buffer, adopt: boolean): Promise<"matched" | "adopted"> {
  const mine = keyCheck(secret);
  // FOR SHARE: during a key rotation (which holds the row FOR UPDATE) this waits for its outcome
  // instead of reading the key from before it.
  const [row] = await client.$queryRaw<{ hmac: string }[]>`SELECT hmac FROM "SecretKeyCheck" WHERE id = 1 FOR SHARE`;
  if (row) {
    if (isKeyCheckOf(row.hmac, secret)) return "matched";
    // An operator command (key rotation) never adopts: its key may simply not be the service's.
    if (!adopt) throw refusal("the key check stored when that key was first used differs");
    // Nothing is encrypted under the stored key (a trial start generated a key, the deployment
    // brings its own): nothing can be lost, so this key is taken. Only if the stored check is
    // still the one read, so that two processes starting with two new keys cannot both win.
    if ((await sampleEncrypted(client)).length > 0) throw refusal("the key check stored when that key was first used differs");
    const { count } = await client.secretKeyCheck.updateMany({ where: { id: 1, hmac: row.hmac }, data: { hmac: mine } });
    if (count === 0) throw refusal("another process just stored the check of a different key");
    logger()
      .child({ component: "secret-key" })
      // Not "the previous one no longer starts": while nothing is encrypted, the same rule takes it back.
      .warn(
        "SECRET_KEY is not the key this database first stored a check of, but the database holds no encrypted secrets: this key is adopted; the previous one is refused once a secret is stored under this one",
      );
    return "adopted";
  }
  // A database from before the check, or a new one: this key is adopted only if it reads what is
  // stored. Secrets it cannot read mean the same mismatch, not a fresh start.
  const sample = await sampleEncrypted(client);
  if (sample.length > 0 && !sample.some((s) => decrypts(s, secret))) {
    throw refusal(`none of the ${sample.length} newest stored secrets decrypts with it`);
  }
  if (!adopt) return "matched"; // no check yet (a database from before it): the secrets decrypt
  await client.secretKeyCheck.createMany({ data: [{ id: 1, hmac: mine }], skipDuplicates: true });
  // Two processes adopting two keys at once: the row one of them wrote decides for both.
  const stored = await client.secretKeyCheck.findUnique({ where: { id: 1 } });
  if (isKeyCheckOf(stored?.hmac, secret)) return "adopted";
  throw refusal("another process just stored the check of a different key");
}
