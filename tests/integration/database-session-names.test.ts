// Every database session says which process holds it (pg_stat_activity.application_name), so an
// operator looking at a busy database can tell the web server's sessions from the worker's.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { eventually } from "../helpers/services";
import { startTestServer } from "../helpers/api-server";

const { web } = startTestServer({ tenancy: "none", worker: true });

const sessionNames = async () =>
  (await db().$queryRaw<{ name: string }[]>`SELECT DISTINCT application_name AS name FROM pg_stat_activity WHERE datname = current_database()`).map((r) => r.name);

describe("database session names", () => {
  it("label the web server's, the worker's and pg-boss's sessions", async () => {
    await fetch(`${web.baseUrl}/api/health`); // a query through the web server's pool
    const wanted = ["msp-flow-web", "msp-flow-worker-app", "msp-flow-worker"];
    const names = await eventually(async () => {
      const seen = await sessionNames();
      return wanted.every((n) => seen.includes(n)) ? seen : null;
    }, 15_000, `sessions named ${wanted.join(", ")}`);
    expect(names).toEqual(expect.arrayContaining([...wanted, "msp-flow-app"])); // this test's own pool: the default name
  });
});
