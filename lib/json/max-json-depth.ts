// How deep JSON may nest wherever it enters the product: a delivery (lib/intake/parse-payload.ts),
// an API body (lib/api/find-unstorable-json.ts) and a Code step's return value (the sandbox
// prelude). PostgreSQL's and V8's JSON code recurse per level; this is far below where either
// gives up. No imports: the sandbox child process loads it without path aliases.
export const MAX_JSON_DEPTH = 512;
