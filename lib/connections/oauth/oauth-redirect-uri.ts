// The address a provider sends the browser back to after Connect: the one to register at the
// provider, shown on the account's form. PUBLIC_URL (the app's base URL) is what the browser uses.
import { env } from "@/lib/env";

export const OAUTH_CALLBACK_PATH = "/api/v1/connections/oauth/callback";
export const oauthRedirectUri = (): string => `${env().PUBLIC_URL.replace(/\/+$/, "")}${OAUTH_CALLBACK_PATH}`;
