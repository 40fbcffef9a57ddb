// What a backup's message says to keep beside it. A backup holds no key, and the one to keep is
// the one this database's secrets are encrypted with — which is not always DATA_DIR/secret-key:
// a service given SECRET_KEY by its environment (systemd, Docker) never reads that file, and the
// operator's shell may not have it. So the file is named only when it is the database's key.
import { existsSync, readFileSync } from "node:fs";
import { readKeyCheck } from "@/lib/backup/read-key-check";
import { parseSecretKey, secretKeyFile } from "@/lib/env";
import { isKeyCheckOf } from "@/lib/secrets/verify-secret-key";

export type BackupKeyAdviceOptions = { url: string; dataDir: string; envKey: Buffer | null };

export async function backupKeyAdvice({ url, dataDir, envKey }: BackupKeyAdviceOptions): Promise<string> {
  const file = secretKeyFile(dataDir);
  const stored = await readKeyCheck(url);
  const fileKey = existsSync(file) ? safeParse(readFileSync(file, "utf8")) : null;
  const keep = (what: string) => `It does not hold the secret key: keep ${what} with it, or its secrets cannot be read.`;
  // No check stored yet: nothing was ever encrypted under a checked key; name what there is.
  if (stored === null) return keep(envKey ? "your SECRET_KEY" : fileKey ? file : "the SECRET_KEY the service uses");
  if (envKey && isKeyCheckOf(stored, envKey)) return keep("your SECRET_KEY (the one in this shell is the database's)");
  if (fileKey && isKeyCheckOf(stored, fileKey)) return keep(file);
  const found = [envKey ? "the SECRET_KEY in this shell" : null, fileKey ? file : null].filter(Boolean).join(" and ");
  const here = found ? `${found} ${found.includes(" and ") ? "are" : "is"} not the key this database's secrets are encrypted with` : "no key is here (no SECRET_KEY in this shell, no DATA_DIR/secret-key)";
  return `It does not hold the secret key, and ${here}: keep the key the service runs with (its SECRET_KEY) beside the backup, or its secrets cannot be read.`;
}

function safeParse(text: string): Buffer | null {
  try {
    return parseSecretKey(text);
  } catch {
    return null;
  }
}
