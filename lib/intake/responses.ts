// Every answer the intake gives. Bodies are fixed strings: a sender sees exactly these.
import { jsonResponse as json, type PlainResponse } from "@/lib/api/plain-response";

export type IntakeResponse = PlainResponse;

export const MAX_BODY_BYTES = 1_048_576;

export const RECEIVED = json(202, { received: true });
// An unknown or rotated URL's answer when its body went past the limit unread (it need not be
// read): the rest of it is still on the connection, which therefore cannot carry another request.
export const RECEIVED_UNREAD = json(202, { received: true }, { connection: "close" });
export const METHOD_NOT_ALLOWED = json(405, { error: "method_not_allowed", message: "Deliveries must use POST." }, { allow: "POST" });
export const INVALID_SIGNATURE = json(401, { error: "invalid_signature" });
export const INVALID_JSON = json(400, { error: "invalid_json" });
export const UNSTORABLE_JSON = json(400, { error: "invalid_json", message: "The body could not be stored as JSON." });
export const BAD_REQUEST = json(400, { error: "bad_request", message: "The request body could not be read." });
export const NOT_PUBLISHED = json(409, {
  error: "workflow_not_published",
  message: "This workflow is not published; switch it to Live to accept deliveries.",
});
export const PAYLOAD_TOO_LARGE = json(
  413,
  { error: "payload_too_large", message: "The body is over the 1 MB (1,048,576 bytes) limit; post a link to large documents instead." },
  // The rest of an oversized upload is not read, so the connection cannot be reused.
  { connection: "close" },
);
// A compressed body (decode-body.ts) that inflates past the limit: the whole upload was read, so
// the connection stays usable.
export const DECODED_TOO_LARGE = json(413, {
  error: "payload_too_large",
  message: "The body is over the 1 MB (1,048,576 bytes) limit once decompressed; post a link to large documents instead.",
});
// RFC 7694: a 415 for a Content-Encoding names the ones accepted in Accept-Encoding.
export const UNSUPPORTED_ENCODING = json(
  415,
  {
    error: "unsupported_encoding",
    message: "This Content-Encoding is not supported; send the body uncompressed or compressed with gzip, deflate or br.",
    accepted: ["gzip", "deflate", "br", "identity"],
  },
  { "accept-encoding": "gzip, deflate, br" },
);
const invalidEncoding = (name: string) =>
  json(400, { error: "invalid_encoding", message: `The body is not valid ${name} data, as its Content-Encoding says it is.` });
export const INVALID_ENCODING = { gzip: invalidEncoding("gzip"), deflate: invalidEncoding("deflate"), br: invalidEncoding("br (Brotli)") };
// A fault of ours the handler did not foresee (e.g. a configuration error on first use).
export const INTERNAL_ERROR = json(500, { error: "internal_error", message: "Something went wrong on our side; retry later." });
export const UNAVAILABLE = json(
  503,
  { error: "temporarily_unavailable", message: "The delivery could not be stored; retry later." },
  { "retry-after": "5" },
);
