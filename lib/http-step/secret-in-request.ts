// A secret can reach an HTTP Request without `{{ secrets.X }}` in it: an earlier step that reads
// the secret (a Data Transformation's template, say) outputs it, or a piece of it, and the
// request reads that output (`{{ 2.token }}`). The whole value, and its common encodings, are
// masked in every output before a later step reads it (lib/secrets/redact-secrets.ts); a piece
// is not — `$substringAfter('{{ secrets.PSA_CREDS }}', ':')` hands on the key part of
// `client-id:key`. Sent to a host a run's data makes, that piece goes to whoever posted the
// delivery. So the executor looks for secret pieces in such a request, as it is about to be sent,
// and sends nothing when it finds one.
//
// A piece is PIECE characters in a row of a secret's value, with a letter and a digit among
// them: keys and tokens are such strings, while the digit-free runs of a secret that is a URL,
// an e-mail address or a word ("https://hook", "@contoso.com") are also ordinary data, which a
// callback may well carry. Shorter secrets, pieces without a digit and anything encoded further
// (base64 of a piece, a reversal, a hash) are not recognised: this catches a secret carried by
// accident, not one a workflow's author hides on purpose. Pure.

/** How many characters of a secret in a row make a piece of it. */
export const PIECE = 12;

const looksLikeKey = (s: string) => /[a-z]/i.test(s) && /\d/.test(s);

/** The pieces of each secret, by piece (the secret's key as value). */
export function secretPieces(secrets: Record<string, string | null>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(secrets)) {
    if (typeof value !== "string" || value.length < PIECE) continue;
    for (let i = 0; i + PIECE <= value.length; i++) {
      const piece = value.slice(i, i + PIECE);
      if (looksLikeKey(piece) && !out.has(piece)) out.set(piece, key);
    }
  }
  return out;
}

/** The key of the first secret a piece of which `text` holds; null when none. One pass over the
 *  text, a set look-up per position. */
export function findSecretPiece(text: string, pieces: ReadonlyMap<string, string>): string | null {
  if (pieces.size === 0) return null;
  for (let i = 0; i + PIECE <= text.length; i++) {
    const key = pieces.get(text.slice(i, i + PIECE));
    if (key !== undefined) return key;
  }
  return null;
}

// Percent-encoding (the URL, a form body) would hide a piece holding `/`, `+`, `=` or a space.
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

const withDecoded = (where: string, text: string): [string, string][] => {
  const plain = /[%+]/.test(text) ? decoded(text) : text;
  return plain === text ? [[where, text]] : [[where, text], [where, plain]];
};

// A binary body's bytes, read as text both ways a receiver may (a piece in ASCII is the same in
// either; one with other letters is found in its UTF-8), and as the base64 they were given as,
// which the receiver gets back by encoding them. A Raw body in another charset is bytes too
// (encode-charset.ts): read also as windows-1252 and UTF-16LE, else `charset=utf-16le` would
// carry a piece past this check, each ASCII letter then followed by a NUL.
const cp1252 = new TextDecoder("windows-1252");
const bytesAsText = (where: string, bytes: Buffer): [string, string][] => [
  [where, bytes.toString("latin1")],
  [where, cp1252.decode(bytes)],
  [where, bytes.toString("utf8")],
  [where, bytes.toString("utf16le")],
  [where, bytes.toString("base64")],
];

/** Where the request carries a piece of a secret, in words ("header X-Token", "the URL", "the
 *  body"), and which secret's; null when it carries none. Never the piece itself. */
export function secretPieceInRequest(
  request: { url: string; headers: Record<string, string>; body?: string | Buffer },
  secrets: Record<string, string | null>,
): { where: string; secret: string } | null {
  const pieces = secretPieces(secrets);
  if (pieces.size === 0) return null;
  const parts: [string, string][] = [
    ...withDecoded("the URL", request.url),
    ...Object.entries(request.headers).flatMap(([name, value]): [string, string][] => [
      [`header ${name}`, name],
      [`header ${name}`, value],
    ]),
  ];
  if (typeof request.body === "string") parts.push(...withDecoded("the body", request.body));
  else if (request.body !== undefined) parts.push(...bytesAsText("the body", request.body));
  for (const [where, text] of parts) {
    const secret = findSecretPiece(text, pieces);
    if (secret !== null) return { where, secret };
  }
  return null;
}
