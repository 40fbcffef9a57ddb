// An HTTP Request's binary body is given as base64 (an earlier HTTP Request's download is its
// output's body so: binary-body.ts), and sent as the bytes it stands for. Node's own decoder skips
// whatever is not base64 and stops at a stray "=", so a wrong reference (a text answer, an
// object's JSON) would send some other bytes without a word: the text is checked first, and one
// that is not base64 is said so, with where it goes wrong. Line breaks and spaces (MIME's
// 76-column lines) are ignored; base64url ("-", "_", no padding) is read as well. Pure and
// client-safe: the caller decodes the checked text (Buffer.from(…, "base64")).

/** `text` as standard, padded base64 with how many bytes it stands for, or why it is not base64
 *  ("it has "%" (U+0025) at character 12, which base64 does not use"). */
export type Base64Read = { base64: string; byteLength: number; problem?: undefined } | { base64?: undefined; problem: string };

export function readBase64(text: string): Base64Read {
  const compact = text.replace(/\s+/g, "");
  const bad = /[^A-Za-z0-9+/_=-]/u.exec(compact);
  if (bad) return { problem: `it has ${describeChar(bad[0])} at character ${positionIn(text, bad[0])}, which base64 does not use` };
  const padAt = compact.indexOf("=");
  const data = padAt < 0 ? compact : compact.slice(0, padAt);
  const padding = padAt < 0 ? "" : compact.slice(padAt);
  if (!/^={0,2}$/.test(padding)) return { problem: `"=" is padding, only at its very end` };
  if (padding && compact.length % 4 !== 0) return { problem: `its padding ("=") does not fit its length` };
  if (data.length % 4 === 1) return { problem: `its length (${data.length} characters, padding aside) is not one base64 can have: part of it is missing` };
  const standard = data.replace(/-/g, "+").replace(/_/g, "/");
  return { base64: standard + "=".repeat((4 - (standard.length % 4)) % 4), byteLength: Math.floor((data.length * 3) / 4) };
}

const describeChar = (c: string) => {
  const code = `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
  return /\p{C}/u.test(c) ? `a control character (${code})` : `"${c}" (${code})`;
};

// 1-based, in the text as written (spaces and line breaks counted), so the user can find it.
const positionIn = (text: string, c: string) => text.indexOf(c) + 1;
