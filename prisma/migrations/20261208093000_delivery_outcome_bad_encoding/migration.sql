-- A delivery refused for its Content-Encoding (lib/intake/decode-body.ts): one the intake does not
-- decode (415), or a body that is not valid data of the coding it names (400). The log's reason
-- says which. Added last, so the existing values keep their order.
ALTER TYPE "DeliveryOutcome" ADD VALUE 'bad_encoding';
