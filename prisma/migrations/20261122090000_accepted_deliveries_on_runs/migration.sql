-- An accepted delivery is recorded on the run it made (endpoint, size, content type) instead of
-- in a Delivery row of its own: that row and its four index entries and two key checks were a
-- quarter of the database's work per delivery. The deliveries log lists Delivery rows (requests
-- that made no run) together with the runs that carry a delivery.
ALTER TABLE "Run" ADD COLUMN "deliveryEndpointId" TEXT,
                  ADD COLUMN "deliverySize" INTEGER,
                  ADD COLUMN "deliveryContentType" TEXT;

UPDATE "Run" r
   SET "deliveryEndpointId" = d."endpointId", "deliverySize" = d.size, "deliveryContentType" = d."contentType"
  FROM "Delivery" d
 WHERE d."runId" = r.id AND d.outcome = 'accepted';

DELETE FROM "Delivery" WHERE "runId" IS NOT NULL;

-- What remains are requests without a run (refusals, and accepted ones whose run was pruned).
ALTER TABLE "Delivery" DROP CONSTRAINT "Delivery_runId_fkey";
DROP INDEX "Delivery_runId_idx";
ALTER TABLE "Delivery" DROP COLUMN "runId";
