// The editor's address with a workflow id that does not exist (or is not shared with the user)
// answers a real 404, with a page that says so and leads back to the workspace's workflows.
import { describe, expect, it } from "vitest";
import { browser, createPasswordUser, startAuthServer, testAddress } from "@/tests/helpers/auth-fixtures";

const server = startAuthServer();

describe("the workflow editor page for an unknown workflow", () => {
  it("answers 404 with a helpful page", async () => {
    const ws = server.tenancy.provider.id;
    const user = await createPasswordUser({ password: "editor-404-pw", memberships: [{ workspaceId: ws, role: "owner" }] });
    const b = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    await b.signIn(user.email, "editor-404-pw");
    const res = await b.request(`/w/${ws}/workflows/00000000-0000-4000-8000-000000000000`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Workflow not found");
    expect(html).toContain("Back to workflows");
    expect(html).toContain(`/w/${ws}/workflows`);
  });
});
