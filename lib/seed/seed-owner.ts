// Who the first start seeds as the provider's owner. The default password is printed in the
// README for everyone to read, so an owner seeded with it must choose their own at the first
// sign-in (as someone added with a temporary password does); a password the operator set in
// SEED_OWNER_PASSWORD is their choice and stands.
import type { Env } from "@/lib/env";

export type SeedOwner = { email: string; password: string; mustChangePassword: boolean };

export function seedOwnerFromEnv(config: Env, source: NodeJS.ProcessEnv = process.env): SeedOwner {
  return { email: config.SEED_OWNER_EMAIL, password: config.SEED_OWNER_PASSWORD, mustChangePassword: !source.SEED_OWNER_PASSWORD };
}
