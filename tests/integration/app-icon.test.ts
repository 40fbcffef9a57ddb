// The app's icon: /favicon.ico (browsers ask for it on every page) and the SVG icon the pages
// link to answer 200 without a session, so no page logs a 404 for it.
import { describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/api-server";

const { web } = startTestServer({ tenancy: "none" });

describe("app icon", () => {
  it("serves /favicon.ico", async () => {
    const r = await fetch(`${web.baseUrl}/favicon.ico`, { redirect: "manual" });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/image\//);
    expect(Buffer.from(await r.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });

  it("links the SVG icon from the pages, and serves it", async () => {
    const html = await (await fetch(`${web.baseUrl}/signin`)).text();
    const href = /<link rel="icon" href="(\/icon\.svg[^"]*)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const r = await fetch(`${web.baseUrl}${href!.replaceAll("&amp;", "&")}`, { redirect: "manual" });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("image/svg+xml");
  });
});
