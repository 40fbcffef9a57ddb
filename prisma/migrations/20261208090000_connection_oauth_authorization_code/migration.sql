-- oauth2_authorization_code accounts (lib/connections/oauth/*): the tokens a person's Connect at
-- the provider obtained, kept encrypted beside the account's client credentials, its state
-- (connected / needs_reconnect) and when it was connected; and the Connect flows in progress,
-- each a hashed single-use `state` bound to the user, workspace and account, with its PKCE verifier.
ALTER TABLE "Connection" ADD COLUMN "oauthTokensEncrypted" TEXT;
ALTER TABLE "Connection" ADD COLUMN "oauthStatus" TEXT;
ALTER TABLE "Connection" ADD COLUMN "oauthConnectedAt" TIMESTAMP(3);

CREATE TABLE "OAuthConnectState" (
    "id" TEXT NOT NULL,
    "connectionId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "verifierEncrypted" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OAuthConnectState_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "OAuthConnectState_connectionId_idx" ON "OAuthConnectState"("connectionId");
ALTER TABLE "OAuthConnectState" ADD CONSTRAINT "OAuthConnectState_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
