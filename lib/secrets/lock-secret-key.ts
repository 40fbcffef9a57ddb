// Called in the transaction of every write that stores a value this process just encrypted:
// refuses it when the database's key is no longer this process's (npm run secret-key:rotate ran
// while this process was still up, unseen by its check: its sessions were down then, say), instead of
// storing a value no process that starts from now on can read. FOR SHARE: a rotation
// (lib/secrets/rotate-secret-key.ts locks the row FOR UPDATE) waits for such a write to commit and
// then re-encrypts it too, and a write that comes during a rotation waits for it, then is refused.
// Taken before the write locks any row of its own: the rotation locks this row first and the rows
// to reseal after, so in that order neither can wait on the other (a deadlock).
import { AppError } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { isKeyCheckOf } from "@/lib/secrets/verify-secret-key";

export async function lockSecretKey(client: Tx | Db): Promise<void> {
  const [row] = await client.$queryRaw<{ hmac: string }[]>`SELECT hmac FROM "SecretKeyCheck" WHERE id = 1 FOR SHARE`;
  if (!row) return; // no check stored yet: every process verifies its key at start, which stores one
  if (isKeyCheckOf(row.hmac, env().SECRET_KEY)) return;
  logger().error({ component: "secret-key" }, "SECRET_KEY is no longer the database's (it was rotated): a write of a secret was refused; restart this process with the new key");
  throw new AppError(
    503,
    "secret_key_rotated",
    "this server still runs with the encryption key from before a key rotation, so it cannot store secrets; nothing was saved. Its operator must restart it with the new SECRET_KEY",
  );
}
