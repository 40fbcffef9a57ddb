// What db:restore says about the key. A backup holds none, and a start refuses every key but the
// one the restored secrets are encrypted with (lib/secrets/verify-secret-key.ts), so the message
// checks the candidates against the restored key check — the SECRET_KEY in this shell,
// DATA_DIR/secret-key, the keys secret-key:rotate kept beside it — and names the one to start
// with, or says to bring it: onto a fresh DATA_DIR there is no key file at all.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSecretKey, secretKeyFile } from "@/lib/env";
import { isKeyCheckOf } from "@/lib/secrets/verify-secret-key";

export type RestoreKeyAdviceOptions = { dataDir: string; keyCheck: string | null; envKey: Buffer | null };

export function restoreKeyAdvice({ dataDir, keyCheck, envKey }: RestoreKeyAdviceOptions): string {
  const file = secretKeyFile(dataDir);
  const fileKey = readKey(file);
  const bring = `the key in use when the backup was made (the one kept with it)`;
  if (keyCheck === null) {
    // No check stored (a database from before it): nothing to compare, so say what is needed.
    return envKey || fileKey
      ? "Start the service with the SECRET_KEY the backup's secrets were encrypted with (the one in use when it was made)."
      : `${dataDir} has no secret-key: before npm start, put ${bring} in ${file} (mode 600) or set SECRET_KEY to it.`;
  }
  const matches = (key: Buffer | null) => key !== null && isKeyCheckOf(keyCheck, key);
  if (matches(envKey)) return "The SECRET_KEY in this shell is the backup's key: start the service with it.";
  const kept = previousKeyFiles(dataDir).find((f) => matches(readKey(f)));
  if (envKey) {
    const where = matches(fileKey) ? file : kept;
    return `The SECRET_KEY in this shell is not the backup's key: start the service with ${where ? `the key in ${where}` : bring}; it refuses to start with another.`;
  }
  if (matches(fileKey)) return `${file} is the backup's key: start the service as before.`;
  if (kept) {
    return (
      `The backup's key is ${kept} (kept by secret-key:rotate)${fileKey ? `, not ${file}` : ""}: before npm start, ` +
      `${fileKey ? `move ${file} aside (the newer data's key) and ` : ""}copy it to ${file} (mode 600), or set SECRET_KEY to it.`
    );
  }
  if (fileKey) {
    return `${file} is not the backup's key: before npm start, put ${bring} in its place (keep this one aside if the newer data may come back) or set SECRET_KEY to it; the service refuses to start with another.`;
  }
  return `${dataDir} has no secret-key: before npm start, put ${bring} in ${file} (64 hex characters, mode 600) or set SECRET_KEY to it; the service refuses to start without it.`;
}

/** The keys secret-key:rotate kept (secret-key.previous-<time>), newest first. */
function previousKeyFiles(dataDir: string): string[] {
  const prefix = `${path.basename(secretKeyFile(dataDir))}.previous-`;
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir)
    .filter((n) => n.startsWith(prefix))
    .sort()
    .reverse()
    .map((n) => path.join(dataDir, n));
}

function readKey(file: string): Buffer | null {
  try {
    return parseSecretKey(readFileSync(file, "utf8"));
  } catch {
    return null; // missing or unreadable: not a candidate
  }
}
