// Names and limits of workspace files, shared by the API, the UI and push. A step reads a file
// as {{ files.NAME }}: everything after "files." is the name, so names may contain dots
// (cleanup.ps1) but no spaces or braces.
import { z } from "@/lib/z";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const FILE_NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

export const fileNameSchema = z
  .string()
  .regex(FILE_NAME_PATTERN, "a file name is letters, digits, '.', '_' or '-' (at most 128 characters, not starting with '.' or '-')");

export type FileView = { name: string; contentType: string; size: number; sha256: string; createdAt: string; updatedAt: string };

export function toFileView(row: { name: string; contentType: string; size: number; sha256: string; createdAt: Date; updatedAt: Date }): FileView {
  return {
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
