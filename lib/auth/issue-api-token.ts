// API tokens for the management API. The secret is shown once; only its sha256 is stored, so a
// database leak does not hand out working tokens. The mf_ prefix makes a leaked token easy to
// recognise (and to scan for in repositories and logs).
import { randomBytes } from "node:crypto";
import { recordAccountEvent } from "@/lib/audit/record-account-event";
import { conflict } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { hashApiToken } from "@/lib/auth/authenticate-request";

export const API_TOKEN_PREFIX = "mf_";
/** The longest token name (the routes' schemas say the same). */
export const API_TOKEN_NAME_MAX = 100;

export function generateApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

/**
 * `uniqueName`, for a name the user already gives an active token (in any case): "refuse" answers
 * 409 token_name_taken (a name typed in the browser: the user picks another); "number" gives
 * this one the first free "<name> (2)", "<name> (3)"… (a script signing in for a token at every
 * run must not start failing on its second run). Either way the list and its Revoke buttons,
 * which name tokens by name alone, tell them apart — two "Revoke deploy" buttons read the same to
 * a screen reader. The user's row is locked for the check, so two creates at once cannot both
 * pass it.
 */
export async function issueApiToken(opts: { userId: string; name?: string; tx?: Tx; uniqueName?: "refuse" | "number" }): Promise<{ id: string; name: string; createdAt: Date; token: string }> {
  const token = generateApiToken();
  const write = async (tx: Tx) => {
    let name = opts.name || "api";
    if (opts.uniqueName) {
      await tx.$queryRaw`SELECT 1 FROM "User" WHERE id = ${opts.userId} FOR UPDATE`;
      const taken = await activeNames(tx, opts.userId, name);
      if (taken.has(name.toLowerCase())) {
        if (opts.uniqueName === "refuse") {
          const shown = (await tx.apiToken.findFirst({ where: { userId: opts.userId, revokedAt: null, name: { equals: name, mode: "insensitive" } }, select: { name: true } }))?.name ?? name;
          throw conflict("token_name_taken", `You already have a token named “${shown}”: give this one another name, or revoke that one first.`, { field: "name" });
        }
        name = firstFreeName(name, taken);
      }
    }
    const row = await tx.apiToken.create({
      data: { userId: opts.userId, tokenHash: hashApiToken(token), name },
      select: { id: true, name: true, createdAt: true },
    });
    await recordAccountEvent({ userId: opts.userId, action: "api_token_created", details: { tokenId: row.id, name: row.name }, tx }); // never the token
    return { ...row, token };
  };
  return opts.tx ? write(opts.tx) : db().$transaction(write);
}

// The user's active token names (lower case) that start like `name` (its numbered forms included).
async function activeNames(tx: Tx, userId: string, name: string): Promise<Set<string>> {
  const base = name.slice(0, API_TOKEN_NAME_MAX - 6); // room for " (99)"
  const rows = await tx.apiToken.findMany({ where: { userId, revokedAt: null, name: { startsWith: base, mode: "insensitive" } }, select: { name: true } });
  return new Set(rows.map((r) => r.name.toLowerCase()));
}

// "<name> (n)" for the first n ≥ 2 not taken, the name shortened to keep it within the limit.
function firstFreeName(name: string, taken: Set<string>): string {
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = name.slice(0, API_TOKEN_NAME_MAX - suffix.length).trimEnd() + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
