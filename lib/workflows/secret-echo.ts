// A webhook step's shared secret is write-only: a read returns it as {"set": true} or
// {"set": false}, and a client that saves a read back (the editor on every autosave, a script's
// GET then PUT) means "leave it as stored". Only that exact shape is such an echo. Anything else
// in its place ({"set": "true"}, {"value": "…"}, null) is a mistake the save names (the catalog's
// sharedSecret says what it may be): taken for an echo and dropped, it left a Live trigger
// unsigned while the client believed it had set a secret. Pure and client-safe.
import { isJsonObject } from "@/lib/json/is-json-object";

export const isSecretEcho = (value: unknown): value is { set: boolean } =>
  isJsonObject(value) && Object.keys(value).length === 1 && typeof value.set === "boolean";
