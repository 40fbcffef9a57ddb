// One scheduled backup (BACKUP_CRON): an online backup of the embedded database into
// DATA_DIR/backups, then the oldest scheduled backups beyond BACKUP_KEEP are deleted — only once
// the new one is complete, so a failed backup never costs an old one.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { backUpEmbeddedDatabase, type BackupSummary } from "@/lib/backup/back-up-embedded-database";
import { backupDir, SCHEDULED_BACKUP_NAME, scheduledBackupName } from "@/lib/backup/backup-file-name";

export async function runScheduledBackup(opts: { dataDir: string; url: string; keep: number; now?: Date }): Promise<BackupSummary & { deleted: string[] }> {
  const dir = backupDir(opts.dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const summary = await backUpEmbeddedDatabase({ dataDir: opts.dataDir, url: opts.url, file: path.join(dir, scheduledBackupName(opts.now)) });
  const scheduled = readdirSync(dir).filter((f) => SCHEDULED_BACKUP_NAME.test(f)).sort();
  const deleted = scheduled.slice(0, Math.max(0, scheduled.length - opts.keep));
  for (const f of deleted) rmSync(path.join(dir, f), { force: true });
  return { ...summary, deleted };
}
