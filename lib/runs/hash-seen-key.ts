// How a "was already seen" id is stored: its SHA-256, so every length fits the key and the id
// itself (an e-mail address, say) is not kept. One definition for the rule that records ids
// (record-seen-key.ts) and the routes that look them up or forget them (lib/seen-ids): a second
// copy that drifted would make "Forget this id" miss the row the rule wrote.
import { createHash } from "node:crypto";

export const hashSeenKey = (key: string): string => createHash("sha256").update(key, "utf8").digest("hex");
