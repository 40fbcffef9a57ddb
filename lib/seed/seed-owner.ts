// Who the first start seeds as the provider's owner. The default password is printed in the
// README for everyone to read, so an owner seeded with it must choose their own at the first
// sign-in (as someone added with a temporary password does); a password the operator set in
// SEED_OWNER_PASSWORD is their choice and stands.
import type { Env } from "@/lib/env";

export const DEFAULT_SEED_OWNER_PASSWORD = "change-me-now";

export type SeedOwner = { email: string; password: string; mustChangePassword: boolean };

export function seedOwnerFromEnv(config: Pick<Env, "SEED_OWNER_EMAIL" | "SEED_OWNER_PASSWORD">): SeedOwner {
  const chosen = config.SEED_OWNER_PASSWORD;
  return { email: config.SEED_OWNER_EMAIL, password: chosen ?? DEFAULT_SEED_OWNER_PASSWORD, mustChangePassword: chosen === undefined };
}
