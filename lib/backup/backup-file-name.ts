// Where backups go by default and what they are called: DATA_DIR/backups/msp-flow-<UTC time>.tar.gz
// for `npm run db:backup`, msp-flow-scheduled-<UTC time>.tar.gz for scheduled ones — the only
// ones their pruning removes, so a backup an operator took by hand is never deleted for them.
// The time sorts as text (20261123-023000), so names in order are backups in order.
import path from "node:path";

export const backupDir = (dataDir: string) => path.join(dataDir, "backups");

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");

export const manualBackupName = (at = new Date()) => `msp-flow-${stamp(at)}.tar.gz`;

export const scheduledBackupName = (at = new Date()) => `msp-flow-scheduled-${stamp(at)}.tar.gz`;

export const SCHEDULED_BACKUP_NAME = /^msp-flow-scheduled-\d{8}-\d{6}\.tar\.gz$/;
