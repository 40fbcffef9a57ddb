// Flushes a file, or a directory's entries (after a rename), to disk before what depends on it:
// a backup reported written, a key file that a database commit is about to make the only key.
import { closeSync, fsyncSync, openSync } from "node:fs";

export function syncToDisk(file: string): void {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
