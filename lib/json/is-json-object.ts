// A JSON object (a plain key → value record): not null, not an array. The one test every
// config, payload and output walker uses, so "object" means the same thing everywhere.
export const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
