// Go live through the API on the URL shapes QA found going Live (200) and then failing every run
// at the executor's check of the URL as resolved: a scheme from a variable
// (`{{ vars.PROTO }}://{{ 1.host }}/x`) on an account without a base URL, or with a secret in the
// query and no account; `{{ vars.SCHEME }}//{{ 1.host }}/x`; and a backslash, which URL parsers
// read as `/` (`http://{{ 1.u }}\@127.0.0.1:4131/x`: the host is {{ 1.u }}). Each is now refused
// with 409 step_incomplete on the field, as `http://{{ 1.host }}/x` is.
import { describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

async function goLive(http: Record<string, unknown>) {
  const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
    name: "Shapes",
    steps: [
      { kind: "webhook", config: { testingData: { host: "127.0.0.1:4132" } } },
      { kind: "http", config: { method: "GET", ...http } },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return api.post(`/api/v1/workflows/${created.body.id}/live`);
}

describe("Go live on a host a run's data makes, however the URL is written", () => {
  it("refuses an account without a base URL (409 step_incomplete on connectionId)", async () => {
    const account = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "http", name: "Generic", authKind: "bearer", credentials: { token: "tok-5521" } });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const connectionId = account.body.connection.id as string;
    for (const [url, written] of [
      ["{{ vars.PROTO }}://{{ 1.host }}/x", "{{ vars.PROTO }}://{{ 1.host }}"],
      ["{{ vars.SCHEME }}//{{ 1.host }}/x", "{{ vars.SCHEME }}//{{ 1.host }}"],
      ["http://{{ 1.u }}\\@127.0.0.1:4131/x", "http://{{ 1.u }}"],
    ]) {
      const live = await goLive({ url, connectionId });
      expect(live.status, url).toBe(409);
      expect(live.body, url).toMatchObject({ error: "step_incomplete", step: 2, field: "connectionId" });
      expect(live.body.message, url).toContain(`Account: the URL's host comes from a run's data (${written}), and "Generic" has no base URL`);
    }
  });

  it("refuses a secret in the query without an account (409 step_incomplete on the field)", async () => {
    const live = await goLive({ url: "{{ vars.PROTO }}://{{ 1.host }}/x", query: [{ name: "key", value: "{{ secrets.KEY }}" }] });
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ error: "step_incomplete", step: 2, field: "query.0.value" });
    expect(live.body.message).toContain("Query parameter 1 value sends secret KEY, and the URL's host comes from a run's data ({{ vars.PROTO }}://{{ 1.host }})");
  });

  it("still lets a host from a variable go Live, data after it being the path", async () => {
    const live = await goLive({ url: "{{ vars.BASE }}/{{ 1.host }}", query: [{ name: "key", value: "{{ secrets.KEY }}" }] });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
  });
});
