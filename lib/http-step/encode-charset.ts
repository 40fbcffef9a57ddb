// A Raw body written in the charset its Content-Type declares (`text/plain; charset=iso-8859-1`,
// `windows-1252`, `utf-16le`). It was always sent as UTF-8 whatever the label said, so a legacy
// PSA or ticket mailbox reading Latin-1 showed "Grüße" as "GrÃ¼ÃŸe". The labels are WHATWG's, as
// the intake and the step's own responses read them (lib/decode-charset.ts): iso-8859-1, latin1
// and us-ascii mean windows-1252 there, so a body written and read back is the same text.
// A character the charset has no byte for fails the step naming it (nothing is sent): a "?" in
// its place would change the text unseen. A charset written here nowhere else is sent as UTF-8
// only while the text is ASCII (the same bytes in any ASCII-based charset); else refused too.

const WINDOWS_1252_LABELS = new Set([
  "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987",
  "latin1", "l1", "us-ascii", "ascii", "ansi_x3.4-1968", "cp819", "ibm819", "iso-ir-100", "csisolatin1",
]);
const UTF16LE_LABELS = new Set(["utf-16le", "utf-16", "ucs-2", "unicode", "csunicode", "iso-10646-ucs-2", "unicodefeff"]);
const UTF8_LABELS = new Set(["utf-8", "utf8", "unicode-1-1-utf-8"]);

// windows-1252's bytes 0x80–0x9F that are not the Latin-1 control characters.
const CP1252_HIGH: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86], [0x2021, 0x87],
  [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c], [0x017d, 0x8e], [0x2018, 0x91],
  [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95], [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98],
  [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b], [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
]);

/** The charset a Content-Type declares, lower-cased; undefined when none. */
export function declaredCharset(contentType: string | undefined): string | undefined {
  const m = contentType ? /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType) : null;
  return m?.[1].toLowerCase();
}

const codePoint = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;

/** `text` as the bytes of `contentType`'s charset: the text itself (sent as UTF-8) when that is
 *  UTF-8 or none; else a Buffer, or `problem` (what cannot be written, and where). */
export function encodeInCharset(text: string, contentType: string | undefined): { body: string | Buffer } | { problem: string } {
  const charset = declaredCharset(contentType);
  if (!charset || UTF8_LABELS.has(charset)) return { body: text };
  // Only "utf-16le" names the byte order. Plain "utf-16" (and its aliases) without a byte order
  // mark is big-endian to RFC 2781 and Java, little-endian to WHATWG and Python on x86: the mark
  // makes every reader take the little-endian bytes (a WHATWG decoder drops it), not half of them
  // a text of CJK-looking characters.
  if (UTF16LE_LABELS.has(charset)) {
    const bytes = Buffer.from(text, "utf16le");
    return { body: charset === "utf-16le" ? bytes : Buffer.concat([Buffer.from([0xff, 0xfe]), bytes]) };
  }
  if (WINDOWS_1252_LABELS.has(charset)) {
    const out = Buffer.alloc(text.length);
    let n = 0;
    let at = 0;
    for (const ch of text) {
      const c = ch.codePointAt(0)!;
      const byte = c < 0x80 || (c >= 0xa0 && c <= 0xff) ? c : CP1252_HIGH.get(c);
      if (byte === undefined) return { problem: `it has "${ch}" (${codePoint(c)}) at character ${at + 1}, which ${charset} has no byte for` };
      out[n++] = byte;
      at += ch.length;
    }
    return { body: out.subarray(0, n) };
  }
  const wide = /[^\x00-\x7f]/.exec(text);
  if (!wide) return { body: text };
  return { problem: `it has "${wide[0]}" (${codePoint(wide[0].codePointAt(0)!)}) at character ${wide.index + 1}, and ${charset} is not a charset this step writes (UTF-8, windows-1252 / ISO-8859-1, UTF-16LE)` };
}
