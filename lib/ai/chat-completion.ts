// Pieces of an OpenAI-compatible chat-completions exchange: the structured-output schema made
// acceptable to strict mode, and the answer's text and JSON read out of a response.

type Schema = Record<string, unknown>;

/**
 * Strict structured outputs require every object to list all its properties as required and
 * to forbid others. Users write ordinary JSON schemas; we tighten them instead of letting the
 * provider answer 400.
 */
export function strictSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictSchema);
  if (!schema || typeof schema !== "object") return schema;
  // Each key defined, not assigned: assigning "__proto__" (a field's name in `properties`, a $defs
  // entry) set the copy's prototype instead, so the entry vanished from the schema sent and the copy
  // inherited the entry's own keywords (a $defs map read as an object schema and got `required`).
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema as Schema)) {
    Object.defineProperty(out, k, {
      value: k === "properties" && v && typeof v === "object" ? Object.fromEntries(Object.entries(v as Schema).map(([p, s]) => [p, strictSchema(s)])) : strictSchema(v),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const isObject = out.type === "object" || (Array.isArray(out.type) && out.type.includes("object"));
  if (isObject && out.properties && typeof out.properties === "object") {
    out.required = Object.keys(out.properties as Schema);
    out.additionalProperties = false;
  }
  return out;
}

/** The message text; some compatible servers send content as an array of parts. */
export function messageText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === "string" ? p : typeof p?.text === "string" ? p.text : "")).join("");
  return "";
}

/** JSON out of an answer, also when a model wraps it in a ```json fence. */
export function parseAnswerJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const fenced = text.match(/```(?:json)?\s*\n?([\s\S]*?)```/i);
  const candidate = (fenced ? fenced[1] : text).trim();
  try {
    return { ok: true, value: JSON.parse(candidate) };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

/** The provider's own error message, e.g. {"error":{"message":"…"}}. */
export function providerError(body: unknown): string {
  if (body && typeof body === "object") {
    const err = (body as { error?: unknown }).error;
    if (typeof err === "string") return err;
    if (err && typeof err === "object" && typeof (err as { message?: unknown }).message === "string") return (err as { message: string }).message;
  }
  return typeof body === "string" ? body : "";
}
