// The first part of a long JSON text, for a view that must stay quick: the browser lays a 6 MB
// <pre> out for seconds, on every mount (QA: 3 s on opening a run with a 4 MB output, again on
// each return to the tab). The cut falls at a line end, so no value is split mid-line, and
// what is left out is counted as the Workflow data panel counts the items it leaves out
// ("… 9,997 more"). Pure and client-safe.

/** Enough for every output people read in the panel (about 1,000 lines); laid out in milliseconds. */
export const PREVIEW_CHARS = 40_000;

export type JsonPreview = {
  /** What is shown: the whole text when it is short. */
  head: string;
  /** Lines left out after `head` (0: nothing left out). */
  moreLines: number;
  /** The whole text's size in bytes as UTF-8, as a download of it would be. */
  bytes: number;
};

/** `text`: JSON.stringify(value, null, 2), or any text of lines (a step's log). */
export function previewJson(text: string, maxChars = PREVIEW_CHARS): JsonPreview {
  const bytes = utf8Bytes(text);
  if (text.length <= maxChars) return { head: text, moreLines: 0, bytes };
  // At the last line end within the cap; one long line (a 4 MB string) is cut where the cap is.
  const nl = text.lastIndexOf("\n", maxChars);
  const end = nl > maxChars / 2 ? nl : maxChars;
  let moreLines = 1;
  for (let i = text.indexOf("\n", end + 1); i !== -1; i = text.indexOf("\n", i + 1)) moreLines++;
  return { head: text.slice(0, end), moreLines, bytes };
}

/** Characters per piece of a text shown whole: a piece is laid out in a few milliseconds. */
export const PIECE_CHARS = 20_000;

export type TextPiece = { text: string; lines: number };

/** The whole text, for "Show all", in pieces of about `size` characters cut at line ends (a longer
 *  line where the cap is), each with its newline so that the pieces read back as the text: the
 *  view lays out only the pieces scrolled near, where 5 MB laid out in one held the page for
 *  seconds. `lines`: for the height a piece not laid out yet stands in with. */
export function textPieces(text: string, size = PIECE_CHARS): TextPiece[] {
  const out: TextPiece[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const nl = text.lastIndexOf("\n", end - 1);
      if (nl >= start + size / 2) end = nl + 1;
    }
    const piece = text.slice(start, end);
    let lines = 1;
    for (let i = piece.indexOf("\n"); i !== -1 && i < piece.length - 1; i = piece.indexOf("\n", i + 1)) lines++;
    out.push({ text: piece, lines });
    start = end;
  }
  return out;
}

/** UTF-8 length without encoding a copy of a multi-megabyte text. */
function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    // A surrogate pair is one 4-byte character: 2 + 2.
    else if (c >= 0xd800 && c <= 0xdfff) n += 2;
    else n += 3;
  }
  return n;
}
