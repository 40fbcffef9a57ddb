// Who the first start seeds as the provider's owner. Without SEED_OWNER_PASSWORD the first
// password is generated for this database and printed once by the launcher (npm start,
// db:prepare): a default written in the README would be everyone's, and whoever reached the
// server first — anyone on the LAN, `npm start` listening on every interface — would choose
// the owner's password. That owner chooses their own at the first sign-in (as someone added
// with a temporary password does); a password the operator set in SEED_OWNER_PASSWORD is
// their choice and stands.
import { generateTemporaryPassword } from "@/lib/auth/set-temporary-password";
import type { Env } from "@/lib/env";

export type SeedOwner = { email: string; password: string; mustChangePassword: boolean };

export function seedOwnerFromEnv(config: Pick<Env, "SEED_OWNER_EMAIL" | "SEED_OWNER_PASSWORD">): SeedOwner {
  const chosen = config.SEED_OWNER_PASSWORD;
  return { email: config.SEED_OWNER_EMAIL, password: chosen ?? generateTemporaryPassword(), mustChangePassword: chosen === undefined };
}
