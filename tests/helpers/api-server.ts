// The usual start of a management-API test file: pg-boss's queues (as `npm start` creates them
// before the web process starts), a tenancy, the production web server — and a worker when the
// file's runs must execute — plus the editor's API client.
import { databaseUrl } from "@/lib/env";
import { ensureQueues } from "@/lib/jobs/boss";
import { apiClient, createTenancy, type ApiClient } from "./api-fixtures";
import { startWeb, startWorker, type Service, type WebService } from "./services";

export type Tenancy = Awaited<ReturnType<typeof createTenancy>>;
export type ApiServer = { t: Tenancy; web: WebService; api: ApiClient; worker: Service | null; stop: () => Promise<void> };

export async function startApiServer({ worker = false }: { worker?: boolean } = {}): Promise<ApiServer> {
  await ensureQueues(databaseUrl());
  const t = await createTenancy();
  const [web, w] = await Promise.all([startWeb(), worker ? startWorker() : null]);
  return {
    t,
    web,
    worker: w,
    api: apiClient(web.baseUrl, t.editor.token),
    stop: async () => {
      await Promise.all([web.stop(), w?.stop()]);
    },
  };
}
