"use client";
// An OAuth 2.0 sign-in account's state on its row (Not connected / Connected / Needs
// reconnecting), its Connect / Reconnect button — which asks the server for the provider's
// authorize URL and sends the browser there —, the redirect URI to register at the provider, and
// the Edit form's warning that a new client ID, authorization or token URL or scope disconnects it
// (the stored tokens were issued to the old ones: lib/connections/oauth/oauth-token-owner.ts).
import { apiFetch } from "@/components/resources/api-fetch";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import type { ConnectionView } from "@/lib/connections/connection-input";

export function OAuthStatusBadge({ oauth }: { oauth: NonNullable<ConnectionView["oauth"]> }) {
  if (oauth.status === "needs_reconnect") return <Badge tone="amber">Needs reconnecting</Badge>;
  if (oauth.status === "connected") {
    const at = oauth.connectedAt ? new Date(oauth.connectedAt).toLocaleString() : null;
    return <Badge tone="green">{at ? `Connected as of ${at}` : "Connected"}</Badge>;
  }
  return <Badge>Not connected</Badge>;
}

export function ConnectButton({ c, run, disabled }: { c: Pick<ConnectionView, "id" | "name" | "oauth">; run: (fn: () => Promise<unknown>) => Promise<boolean>; disabled?: boolean }) {
  const again = c.oauth?.status !== "not_connected";
  return (
    <button
      type="button"
      className={buttonClass(again ? "ghost" : "primary", "sm")}
      disabled={disabled}
      onClick={() =>
        run(async () => {
          const { authorizeUrl } = await apiFetch<{ authorizeUrl: string }>(`/api/v1/connections/${c.id}/oauth/start`, { method: "POST" });
          window.location.assign(authorizeUrl);
        })
      }
    >
      {again ? "Reconnect" : "Connect"}
      <span className="sr-only"> {c.name}</span>
    </button>
  );
}

export function RedirectUriNote({ uri }: { uri: string }) {
  return (
    <p className="text-xs text-slate-500 sm:col-span-2">
      Register this redirect URI at the provider: <code className="break-all rounded bg-slate-100 px-1 text-slate-700" data-testid="oauth-redirect-uri">{uri}</code>. Save the account, then Connect signs in there once; the service keeps the refresh token.
    </p>
  );
}

export function DisconnectWarning() {
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-800 sm:col-span-2" role="note" data-testid="oauth-disconnect-warning">
      Changing the client ID, authorization URL, token URL or scope disconnects this account: Connect it again after saving.
    </p>
  );
}
