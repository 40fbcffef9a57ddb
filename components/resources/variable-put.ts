// A row's change to its key (Set, Empty, Make secret / Make variable): PUT with `If-Match: *`, so a
// key deleted elsewhere since the page loaded (another tab or person) is not brought back — Empty
// would recreate it as a plain variable, Make secret as an empty secret, Set with a value typed for
// a secret as plain text. The API then answers 412 variable_not_found; the page says so in its own
// words and reloads its list, which no longer has the row. A Make variable left empty on a secret
// the page saw without a value is refused once a value was set elsewhere (412 variable_changed):
// the page says so and reloads the row, which then shows the value is set (and asks for it).
import { apiFetch, ApiCallError } from "@/components/resources/api-fetch";
import type { VariableView } from "@/lib/variables/variable-schema";

export type PutRow = (json: unknown, force?: boolean) => Promise<VariableView>;

export async function putExistingVariable(path: string, key: string, json: unknown, force: boolean, reload: () => void): Promise<VariableView> {
  try {
    const res = await apiFetch<{ variable: VariableView }>(`${path}${force ? "?force=true" : ""}`, { method: "PUT", headers: { "if-match": "*" }, json });
    return res.variable;
  } catch (e) {
    if (!(e instanceof ApiCallError) || (e.body.error !== "variable_not_found" && e.body.error !== "variable_changed")) throw e;
    reload();
    if (e.body.error === "variable_changed") {
      throw new Error(e.body.secret === false ? `${key} is a plain variable with a value now (changed elsewhere); nothing was changed.` : `${key} has a value now (set elsewhere); nothing was changed. To make it a plain variable, type its value.`);
    }
    throw new Error(`${key} no longer exists (deleted elsewhere).`);
  }
}

/** What the page says when a plain row's Set found the key made a secret elsewhere: the value went in encrypted.
 *  (A secret row's Set keeps it a secret, so the reverse never happens: variables-manager.tsx.) */
export function kindChangedNotice(key: string): string {
  return `${key} is now a secret (changed elsewhere); the new value was stored encrypted.`;
}
