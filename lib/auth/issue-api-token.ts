// API tokens for the management API. The secret is shown once; only its sha256 is stored, so a
// database leak does not hand out working tokens. The mf_ prefix makes a leaked token easy to
// recognise (and to scan for in repositories and logs).
import { randomBytes } from "node:crypto";
import { recordAccountEvent } from "@/lib/audit/record-account-event";
import { conflict } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { hashApiToken } from "@/lib/auth/authenticate-request";

export const API_TOKEN_PREFIX = "mf_";

export function generateApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

/**
 * `uniqueName`: a name the user already gives an active token (in any case) is refused (409
 * token_name_taken): the list and its Revoke buttons name tokens by name alone, and two "Revoke
 * deploy" buttons read the same to a screen reader. The user's row is locked for the check, so
 * two creates at once cannot both pass it.
 */
export async function issueApiToken(opts: { userId: string; name?: string; tx?: Tx; uniqueName?: boolean }): Promise<{ id: string; name: string; createdAt: Date; token: string }> {
  const token = generateApiToken();
  const write = async (tx: Tx) => {
    if (opts.uniqueName && opts.name) {
      await tx.$queryRaw`SELECT 1 FROM "User" WHERE id = ${opts.userId} FOR UPDATE`;
      const taken = await tx.apiToken.findFirst({ where: { userId: opts.userId, revokedAt: null, name: { equals: opts.name, mode: "insensitive" } }, select: { name: true } });
      if (taken) throw conflict("token_name_taken", `You already have a token named “${taken.name}”: give this one another name, or revoke that one first.`, { field: "name" });
    }
    const row = await tx.apiToken.create({
      data: { userId: opts.userId, tokenHash: hashApiToken(token), name: opts.name || "api" },
      select: { id: true, name: true, createdAt: true },
    });
    await recordAccountEvent({ userId: opts.userId, action: "api_token_created", details: { tokenId: row.id, name: row.name }, tx }); // never the token
    return { ...row, token };
  };
  return opts.tx ? write(opts.tx) : db().$transaction(write);
}
