// One app account: read, change (absent credentials are kept), delete (409 connection_in_use
// while workflows use it, unless ?force=true).
import { apiRoute, readJson } from "@/lib/api/handler";
import { readForce } from "@/lib/api/force-query";
import { updateConnectionSchema } from "@/lib/connections/connection-input";
import { deleteConnection } from "@/lib/connections/delete-connection";
import { loadConnection } from "@/lib/connections/load-connection";
import { toConnectionView } from "@/lib/connections/to-connection-view";
import { updateConnection } from "@/lib/connections/update-connection";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

type P = { connectionId: string };

export const GET = apiRoute<P>(async ({ params, user }) => ({
  connection: toConnectionView(await loadConnection({ connectionId: params.connectionId, userId: user.id, role: "viewer" })),
}));

export const PATCH = apiRoute<P>(async ({ req, params, user }) => {
  await loadConnection({ connectionId: params.connectionId, userId: user.id, role: "editor" }); // the role before the body
  return { connection: await updateConnection({ connectionId: params.connectionId, userId: user.id, input: await readJson(req, updateConnectionSchema) }) };
});

export const DELETE = apiRoute<P>(async ({ req, params, user }) => {
  await deleteConnection({ connectionId: params.connectionId, userId: user.id, force: readForce(req) });
});

export const { POST, PUT, OPTIONS } = methodNotAllowed(["GET", "PATCH", "DELETE"]);
