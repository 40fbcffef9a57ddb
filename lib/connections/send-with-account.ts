// A request made with an app account's auth. An OAuth2 access token (client credentials or
// authorization code) can be revoked before its stored expiry — a password reset, an admin's
// revoke, a provider's key rollover —, so a 401 to one gets a new token in place of exactly that
// one and the request is sent once more; a second 401 is the answer (never a loop).
import type { GuardedFetchOptions } from "@/lib/net/guarded-fetch";
import { connectionHeaders, type ConnectionHeaders } from "./connection-headers";
import type { LoadedConnection } from "./get-connection-credentials";

export type SendWithAccountOptions<R> = {
  connection: LoadedConnection;
  send: (auth: ConnectionHeaders) => Promise<R>;
  /** Told before the second try (the step's log). */
  onRetry?: () => void;
  signal?: AbortSignal;
  net?: Pick<GuardedFetchOptions, "policy" | "resolver">;
};

export async function sendWithAccount<R extends { status: number }>({ connection, send, onRetry, signal, net }: SendWithAccountOptions<R>): Promise<R> {
  const auth = await connectionHeaders({ connection, signal, net });
  const res = await send(auth);
  if (res.status !== 401 || auth.oauthToken === null) return res;
  onRetry?.();
  return send(await connectionHeaders({ connection, rejectedToken: auth.oauthToken, signal, net }));
}
