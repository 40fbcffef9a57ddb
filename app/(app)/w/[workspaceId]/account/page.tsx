// The signed-in user's account: password, browser sessions, API tokens. Not a workspace's page,
// but under one so the top bar keeps the workspace the user came from.
import type { Metadata } from "next";
import { requireCurrentUser } from "@/components/auth/current-user";
import { AccountSecurity } from "@/components/account/account-security";
import { PageHeader } from "@/components/resources/page-header";
import { listApiTokens } from "@/lib/auth/list-api-tokens";
import { listBrowserSessions } from "@/lib/auth/list-browser-sessions";

export const metadata: Metadata = { title: "Account & security · MSP Flow" };

export default async function AccountPage() {
  const user = await requireCurrentUser();
  const [sessions, tokens] = await Promise.all([listBrowserSessions({ userId: user.id, currentSessionId: user.sessionId }), listApiTokens({ userId: user.id })]);
  return (
    <div className="mx-auto max-w-4xl px-6 py-8">
      <PageHeader title="Account & security" subtitle={`${user.name} · ${user.email}`} />
      <AccountSecurity sessions={sessions} tokens={tokens} />
    </div>
  );
}
