// A webhook trigger's shared secret as typed, one rule for the editor's field (the catalog's
// webhook config) and the client review's box (set-review-webhook-secret.ts): at most 512
// characters, and not only spaces — "   " is a slip of the keyboard, never a secret a sender was
// given, and once stored every honest delivery would be refused. Not trimmed: the secret is the
// HMAC key byte for byte, so a space inside or around real text is kept as typed. Client-safe.
import { z } from "@/lib/z";

export const SHARED_SECRET_MAX = 512;
export const BLANK_SECRET_MESSAGE = "must not be only spaces: type the secret your sender signs with";

/** Typed, but nothing other than whitespace. ("" is no secret at all, which the editor allows.) */
export const isBlankSecret = (secret: string) => secret !== "" && secret.trim() === "";

/** error: what a value that is not text is told. */
export const sharedSecretText = (error?: string) =>
  z
    .string(error ? { error } : undefined)
    .max(SHARED_SECRET_MAX)
    .refine((s) => !isBlankSecret(s), BLANK_SECRET_MESSAGE);
