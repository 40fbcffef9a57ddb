// What a password someone chooses must be, in one place for every place one is chosen: a user's
// own change (the user menu's Change password… and the forced first change share
// POST /api/v1/auth/password) and SEED_OWNER_PASSWORD, the first owner's, at the first start.
// Passwords the service makes (temporary ones, resets) are random and pass by construction.
// Client-safe: the forms read the minimum from here.
import { z } from "@/lib/z";

export const NEW_PASSWORD_MIN_LENGTH = 8;

// Only spaces (or tabs, line breaks) passes a length check but is no secret at all, and is easy
// to set by accident; spaces around other characters are kept as typed, as in any password.
export const newPasswordSchema = () =>
  z
    .string()
    .min(NEW_PASSWORD_MIN_LENGTH, `must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`)
    .max(1000)
    .refine((v) => /\S/.test(v), "must not be only spaces");
