import { describe, expect, it } from "vitest";
import { malformedPathResponse } from "@/lib/api/malformed-path";

describe("malformedPathResponse", () => {
  it("lets every decodable path through, query strings untouched", () => {
    for (const url of ["/", "/api/v1/workflows/abc", "/w/x/workflows/%C3%A9t%C3%A9", "/api/v1/runs?x=%FF"]) expect(malformedPathResponse(url), url).toBeNull();
  });

  it("answers 400 for paths that do not decode: JSON for the API, text elsewhere", () => {
    for (const url of ["/api/v1/workflows/a%FF", "/api/v1/workflows/%ZZ", "/api/v1/files/%", "/api/v1/runs/%ED%A0%80"]) {
      const r = malformedPathResponse(url);
      expect(r?.status, url).toBe(400);
      expect(JSON.parse(r!.body)).toEqual({ error: "invalid_request", message: "the request path is not valid percent-encoded UTF-8" });
    }
    expect(malformedPathResponse("/w/%FF")).toMatchObject({ status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  });
});
