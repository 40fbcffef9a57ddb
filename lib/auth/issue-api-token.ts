// API tokens for the management API. The secret is shown once; only its sha256 is stored, so a
// database leak does not hand out working tokens. The mf_ prefix makes a leaked token easy to
// recognise (and to scan for in repositories and logs).
import { randomBytes } from "node:crypto";
import { recordAccountEvent } from "@/lib/audit/record-account-event";
import { db, type Tx } from "@/lib/db/client";
import { hashApiToken } from "@/lib/auth/authenticate-request";

export const API_TOKEN_PREFIX = "mf_";

export function generateApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

export async function issueApiToken(opts: { userId: string; name?: string; tx?: Tx }): Promise<{ id: string; name: string; createdAt: Date; token: string }> {
  const token = generateApiToken();
  const write = async (tx: Tx) => {
    const row = await tx.apiToken.create({
      data: { userId: opts.userId, tokenHash: hashApiToken(token), name: opts.name || "api" },
      select: { id: true, name: true, createdAt: true },
    });
    await recordAccountEvent({ userId: opts.userId, action: "api_token_created", details: { tokenId: row.id, name: row.name }, tx }); // never the token
    return { ...row, token };
  };
  return opts.tx ? write(opts.tx) : db().$transaction(write);
}
