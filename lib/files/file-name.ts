// What a workspace file may be called, and a name to suggest for one picked from a desktop whose
// own name breaks the rule ("My Script (v2).ps1", "rapport-été.txt"). A step reads a file as
// {{ files.NAME }}: everything after "files." is the name, so names may contain dots
// (cleanup.ps1) but no spaces or braces. Pure and client-safe.

export const FILE_NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
export const FILE_NAME_RULE = "a file name is letters, digits, '.', '_' or '-' (at most 128 characters, not starting with '.' or '-')";

/** A name within the rule made from `name`: accents dropped, spaces and other characters as "_"
 *  (at most one in a row), no leading "." or "-", at most 128 characters keeping the extension;
 *  null when nothing usable is left. */
export function suggestFileName(name: string): string | null {
  const plain = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/_*([.-])_*/g, "$1")
    .replace(/^[._-]+|_+$/g, "");
  if (plain === "" || /^[.-]*$/.test(plain)) return null;
  if (plain.length <= 128) return plain;
  const dot = plain.lastIndexOf(".");
  const ext = dot > 0 && plain.length - dot <= 16 ? plain.slice(dot) : "";
  return plain.slice(0, 128 - ext.length) + ext;
}
