// PUT creates or replaces one key ({"value": string | null, "secret"?: bool — absent keeps the
// key's kind}; 201 when new; a read sent back is accepted; with `If-None-Match: *` it only
// creates — 412 variable_exists for a key that exists; with `If-Match: *` it only changes — 412
// variable_not_found for a key that does not (the Variables page's rows send it); changing the kind of a key workflows read
// is 409 variable_in_use / secret_in_use unless ?force=true; `hasValue: true` without a value
// keeps the stored one — a plain variable made secret is encrypted —, a 400 for a secret made plain),
// DELETE removes it (409 variable_in_use / secret_in_use while workflows read it, unless
// ?force=true). A secret's value is encrypted and never returned. A variable has no entity tag:
// an If-Match / If-None-Match other than `*` is a 400, not a condition to ignore.
import { readForce } from "@/lib/api/force-query";
import { apiRoute, readJson } from "@/lib/api/handler";
import { readStarOnly } from "@/lib/api/read-star-only";
import { deleteVariable } from "@/lib/variables/delete-variable";
import { putVariable } from "@/lib/variables/put-variable";
import { putVariableBody, variableKeySchema } from "@/lib/variables/variable-schema";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

type P = { workspaceId: string; key: string };

export const PUT = apiRoute<P>(async ({ req, params, user }) => {
  // Access first: a viewer's PUT is 403 and another client's member's 404, whatever the key.
  await requireWorkspaceRole(user.id, params.workspaceId, "editor");
  const key = variableKeySchema.parse(params.key);
  const input = await readJson(req, putVariableBody(key));
  const onlyIfNew = readStarOnly(req.headers, "If-None-Match");
  const onlyIfExists = readStarOnly(req.headers, "If-Match");
  const { variable, created } = await putVariable({ workspaceId: params.workspaceId, userId: user.id, key, input, onlyIfNew, onlyIfExists, force: readForce(req) });
  return Response.json({ variable }, { status: created ? 201 : 200 });
});

export const DELETE = apiRoute<P>(async ({ req, params, user }) => {
  await deleteVariable({ workspaceId: params.workspaceId, userId: user.id, key: params.key, force: readForce(req) });
});

export const { GET, POST, PATCH, OPTIONS } = methodNotAllowed(["PUT", "DELETE"]);
