-- The check that SECRET_KEY is the key this database's secrets were encrypted with: one row,
-- HMAC-SHA256(key, "msp-flow key check v1"), compared at start by every process that decrypts
-- (lib/secrets/verify-secret-key.ts). Empty after this migration: the first start adopts its key
-- if that key can decrypt a stored secret (or none are stored yet).
CREATE TABLE "SecretKeyCheck" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "hmac" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SecretKeyCheck_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "SecretKeyCheck_one_row" CHECK ("id" = 1)
);
