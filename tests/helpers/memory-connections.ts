// In-memory app connections for executor unit tests (the DB-backed loader has its own
// integration test). Same rules: another workspace's connection is "not found".
import type { AuthKind } from "@/lib/connections/connection-auth";
import { secretStrings } from "@/lib/connections/connection-auth";
import type { LoadedConnection } from "@/lib/connections/get-connection-credentials";
import { StepError } from "@/lib/steps/executors/types";
import type { OutboundDeps } from "@/lib/steps/executors/http";
import { parseAllowedRanges } from "@/lib/net/ip-policy";

export type MemoryConnection = { id: string; workspaceId?: string; app?: string; name?: string; authKind: AuthKind; baseUrl?: string | null; config?: Record<string, string>; credentials?: Record<string, string> };

export function memoryDeps(list: MemoryConnection[], allowed = "127.0.0.0/8"): OutboundDeps {
  return {
    net: { policy: parseAllowedRanges(allowed) },
    loadConnection: async ({ connectionId, workspaceId, expectKinds }) => {
      const c = list.find((x) => x.id === connectionId && (x.workspaceId ?? "ws-1") === workspaceId);
      if (!c) throw new StepError(`app connection ${connectionId} not found in this workspace`);
      if (expectKinds && !expectKinds.includes(c.authKind)) throw new StepError(`app connection "${c.name ?? c.id}" uses ${c.authKind} auth; this step needs ${expectKinds.join(" or ")}`);
      const credentials = c.credentials ?? {};
      const loaded: LoadedConnection = {
        id: c.id, app: c.app ?? "http", name: c.name ?? c.id, authKind: c.authKind, baseUrl: c.baseUrl ?? null,
        config: c.config ?? {}, credentials, secrets: secretStrings(credentials),
      };
      return loaded;
    },
  };
}
