import { describe, expect, it } from "vitest";
import { templateHints } from "@/lib/editor/template-hints";

const known = { vars: new Set(["CLIENT_DOMAIN"]), secrets: new Set(["GRAPH_KEY"]), files: new Set(["cleanup.ps1"]) };

describe("templateHints", () => {
  it("says nothing for references that resolve and for plain text", () => {
    expect(templateHints("https://{{ vars.CLIENT_DOMAIN }}/x?k={{ secrets.GRAPH_KEY }}&h={{ 1.host.id }} {{ files.cleanup.ps1 }}", known)).toEqual([]);
    expect(templateHints("no braces at all", known)).toEqual([]);
  });

  it("names braces that are not a reference, and an opening pair never closed", () => {
    expect(templateHints("Hello {{ foo }}", known)).toEqual([expect.stringMatching(/^\{\{ foo \}\} is not a reference, so it is sent as written/)]);
    expect(templateHints("id {{ 1.x", known)).toEqual(["an opening {{ has no closing }}, so it is sent as written"]);
    expect(templateHints("{{ 1.a }} and {{ 1.b", known)).toEqual(["an opening {{ has no closing }}, so it is sent as written"]);
  });

  it("names variables, secrets and files the workspace does not have, and a mix-up of the two", () => {
    expect(templateHints("{{ vars.NOPE }} {{ secrets.NOPE }} {{ files.gone.txt }}", known)).toEqual([
      "there is no variable NOPE in this workspace yet; the step fails until it is added",
      "there is no secret NOPE in this workspace yet; the step fails until it is added",
      "there is no file gone.txt in this workspace yet; the step fails until it is uploaded",
    ]);
    expect(templateHints("{{ vars.GRAPH_KEY }}", known)).toEqual(["GRAPH_KEY is a secret: write {{ secrets.GRAPH_KEY }}"]);
    expect(templateHints("{{ vars.X }}", null)).toEqual([]); // keys not loaded (yet): no guess
  });
});
