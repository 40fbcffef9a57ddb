/** How a resolved value is written into text: objects as JSON, null as nothing. */
export const toText = (v: unknown): string => (v == null ? "" : typeof v === "string" ? v : typeof v === "object" ? JSON.stringify(v) : String(v));
