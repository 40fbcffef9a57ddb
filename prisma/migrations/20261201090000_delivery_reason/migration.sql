-- Why a refused delivery was refused, where the outcome alone does not say: for invalid_signature,
-- "no x-hub-signature-256 header", "signature did not match" or a malformed value
-- (lib/triggers/verify-signature.ts, signatureRejection). The log shows it; the sender's 401 stays
-- the same for every cause. Accepted deliveries (recorded on their runs) and earlier rows have none.
ALTER TABLE "Delivery" ADD COLUMN "reason" TEXT;
