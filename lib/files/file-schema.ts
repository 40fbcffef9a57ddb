// Names and limits of workspace files, shared by the API, the UI and push (the name's rule:
// file-name.ts).
import { FILE_NAME_PATTERN, FILE_NAME_RULE } from "@/lib/files/file-name";
import { z } from "@/lib/z";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export { FILE_NAME_PATTERN };

export const fileNameSchema = z.string().regex(FILE_NAME_PATTERN, FILE_NAME_RULE);

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
