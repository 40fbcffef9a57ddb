// The one implementation of POST /hooks/<token>, free of any web framework: both the custom
// server's fast path and the Next route handler call it. Checks run in the order the issue
// fixes (method, declared length, token, body size, signature, mode, JSON) and the first
// that fails answers. Every request that reaches the token check, real token or not, goes
// through one lookup and waits for one group commit, so timing says nothing about the token.
import { isWellFormedToken } from "@/lib/triggers/generate-webhook-token";
import { signatureHeaderName, signatureRejection, verifySignature } from "@/lib/triggers/verify-signature";
import { EntryRefused, StoreUnavailable } from "@/lib/intake/group-commit";
import { decodeBody, type DecodedBody } from "@/lib/intake/decode-body";
import type { Endpoint, LookupEndpoint } from "@/lib/intake/lookup-endpoints";
import { parsePayload } from "@/lib/intake/parse-payload";
import { declaredLength, type BodyRead } from "@/lib/intake/read-body";
import * as R from "@/lib/intake/responses";
import type { BatchEntry, DeliveryOutcome, WriteResult } from "@/lib/intake/write-batch";

export type IntakeRequest = {
  method: string;
  token: string;
  /** Lower-case names; repeated headers as an array or joined with ", ". */
  headers: Record<string, string | string[] | undefined>;
  /** Reads the body, stopping once past `limit` bytes (each adapter's reader is in read-body.ts). */
  readBody: (limit: number) => Promise<BodyRead>;
};

export type IntakeDeps = {
  lookup: LookupEndpoint;
  commit: (entry: BatchEntry) => Promise<WriteResult>;
  /** Plaintext of a stored shared secret. */
  decrypt: (stored: string) => string;
  limit?: number;
  onError?: (what: string, e: unknown) => void;
};

type Decision = { response: R.IntakeResponse; entry: BatchEntry };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function createDeliveryHandler(deps: IntakeDeps) {
  const limit = deps.limit ?? R.MAX_BODY_BYTES;

  // `decoded`: the body with its Content-Encoding undone, only when the request has one.
  const decide = (endpoint: Endpoint | null, read: BodyRead, overDeclared: boolean, req: IntakeRequest, decoded?: DecodedBody): Decision => {
    const contentType = first(req.headers["content-type"])?.slice(0, 200) ?? null;
    const record = (outcome: DeliveryOutcome, response: R.IntakeResponse, reason?: string): Decision => ({
      response,
      entry: endpoint
        ? { kind: "record", delivery: { workflowId: endpoint.workflowId, endpointId: endpoint.endpointId, outcome, size: read.size, contentType, ...(reason ? { reason } : {}) } }
        : { kind: "none" },
    });
    if (overDeclared) return record("too_large", R.PAYLOAD_TOO_LARGE);
    if (!endpoint || endpoint.stale) {
      // Do the work a real unsigned delivery does, so the answer takes as long.
      if (!read.tooLarge) parsePayload(decoded?.ok ? decoded.bytes : read.bytes, contentType);
      return record("rotated_url", read.tooLarge ? R.RECEIVED_UNREAD : R.RECEIVED);
    }
    if (read.tooLarge) return record("too_large", R.PAYLOAD_TOO_LARGE);
    // Before the signature: a sender who signs the decoded payload could not be told apart otherwise.
    if (decoded && !decoded.ok) return record(decoded.outcome, decoded.response, decoded.reason);
    if (endpoint.secretEncrypted) {
      const name = signatureHeaderName(endpoint.signatureHeader);
      const header = req.headers[name];
      const secret = deps.decrypt(endpoint.secretEncrypted);
      // A compressed delivery may be signed over the bytes sent or over the payload before compression: senders do both.
      const signed = verifySignature({ secret, body: read.bytes, header }) || (decoded?.ok === true && verifySignature({ secret, body: decoded.bytes, header }));
      if (!signed) {
        // The cause goes to the log only; the 401 is the same for each.
        return record("invalid_signature", R.INVALID_SIGNATURE, signatureRejection(name, header));
      }
    }
    if (!endpoint.live) return record("not_published", R.NOT_PUBLISHED);
    const payload = parsePayload(decoded?.ok ? decoded.bytes : read.bytes, contentType);
    if (!payload.ok) return record("invalid_json", R.INVALID_JSON);
    return {
      response: R.RECEIVED,
      entry: {
        kind: "run",
        workspaceId: endpoint.workspaceId,
        trigger: payload.json,
        delivery: { workflowId: endpoint.workflowId, endpointId: endpoint.endpointId, outcome: "accepted", size: read.size, contentType },
      },
    };
  };

  return async function handleDelivery(req: IntakeRequest): Promise<R.IntakeResponse> {
    if (req.method !== "POST") return R.METHOD_NOT_ALLOWED;
    const declared = declaredLength(req.headers["content-length"]);
    const overDeclared = declared !== null && declared > limit;
    // The lookup and the body read run side by side; the order above decides the answer.
    const [found, body] = await Promise.allSettled([
      isWellFormedToken(req.token) ? deps.lookup(req.token) : Promise.resolve(null),
      overDeclared ? Promise.resolve<BodyRead>({ tooLarge: true, size: declared }) : req.readBody(limit),
    ]);
    if (body.status === "rejected") return R.BAD_REQUEST; // the sender went away mid-body
    if (found.status === "rejected") {
      deps.onError?.("endpoint lookup failed", found.reason);
      return R.UNAVAILABLE;
    }
    // Only a request that says Content-Encoding pays for this; the plain path is one header check.
    const encoding = first(req.headers["content-encoding"]);
    const decoded = encoding && !body.value.tooLarge ? await decodeBody(body.value.bytes, encoding, limit) : undefined;
    let decision: Decision;
    try {
      decision = decide(found.value, body.value, overDeclared, req, decoded);
    } catch (e) {
      // Only a shared secret that cannot be decrypted (SECRET_KEY changed despite the start-up
      // check, a process left running through a key rotation, or a damaged value) gets here. Said as such: the decipher's own words ("unable to
      // authenticate data") sent operators looking at senders' signatures.
      deps.onError?.(
        `stored secret cannot be decrypted with the current SECRET_KEY (workflow ${found.value?.workflowId}'s shared secret; after npm run secret-key:rotate, restart this process with the new key)`,
        e,
      );
      return R.UNAVAILABLE;
    }
    const { response, entry } = decision;
    try {
      await deps.commit(entry);
      return response;
    } catch (e) {
      // A refusal keeps its answer even when its log row could not be written; a 202 is only
      // given for what was stored, so the store failing turns every would-be 202 into a 503.
      if (response.status !== 202) return response;
      if (e instanceof EntryRefused) return e.code === "23503" ? response : R.UNSTORABLE_JSON;
      if (!(e instanceof StoreUnavailable)) deps.onError?.("delivery commit failed", e);
      return R.UNAVAILABLE;
    }
  };
}
