// Repeated failed sign-ins are slowed down: after 3 failures for an e-mail each further
// attempt must wait (429 + Retry-After), the wait is shared by all web processes through the
// database, bursts cannot slip through, and a success resets the count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWeb, eventually, type WebService } from "@/tests/helpers/services";
import { browser, createPasswordUser, testAddress } from "@/tests/helpers/auth-fixtures";

let webA: WebService;
let webB: WebService;

beforeAll(async () => {
  // Two web processes on one database, like a scaled-out deployment.
  [webA, webB] = await Promise.all([startWeb({ TRUST_PROXY: "true" }), startWeb({ TRUST_PROXY: "true" })]);
});
afterAll(async () => {
  await Promise.all([webA?.stop(), webB?.stop()]);
});

async function tokenAttempt(web: WebService, email: string, password: string, address = testAddress()) {
  const res = await fetch(`${web.baseUrl}/api/v1/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

describe("sign-in throttling", () => {
  it("refuses a 4th attempt with 429 and Retry-After, even with the right password, then lets it through after the wait", async () => {
    const user = await createPasswordUser({ password: "the-right-one" });
    for (let i = 0; i < 3; i++) expect((await tokenAttempt(webA, user.email, "nope")).status).toBe(401);

    const blocked = await tokenAttempt(webA, user.email, "the-right-one");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(blocked.body).toMatchObject({ error: "too_many_attempts", retryAfter: Number(blocked.retryAfter) });

    // The lock is short at first: polling (no fixed sleep) gets through within a few seconds.
    const ok = await eventually(async () => {
      const r = await tokenAttempt(webA, user.email, "the-right-one");
      return r.status === 201 ? r : null;
    }, 10_000, "sign-in after the lock");
    expect(ok.body.token).toMatch(/^mf_/);

    // The success reset the count: three fresh failures are plain 401s again.
    for (let i = 0; i < 3; i++) expect((await tokenAttempt(webA, user.email, "nope")).status).toBe(401);
    expect((await tokenAttempt(webA, user.email, "nope")).status).toBe(429);
  });

  it("grows the wait with every further failure", async () => {
    const user = await createPasswordUser({ password: "grow-right" });
    for (let i = 0; i < 3; i++) await tokenAttempt(webA, user.email, "nope");
    const first = await tokenAttempt(webA, user.email, "nope");
    expect(first.status).toBe(429);
    const fourth = await eventually(async () => {
      const r = await tokenAttempt(webA, user.email, "nope");
      return r.status === 401 ? r : null;
    }, 10_000, "the 4th failure to be let through");
    expect(fourth.status).toBe(401);
    const next = await tokenAttempt(webA, user.email, "nope");
    expect(next.status).toBe(429);
    expect(Number(next.retryAfter)).toBeGreaterThan(Number(first.retryAfter));
  });

  it("shares the count between web processes", async () => {
    const user = await createPasswordUser({ password: "shared-right" });
    expect((await tokenAttempt(webA, user.email, "nope")).status).toBe(401);
    expect((await tokenAttempt(webB, user.email, "nope")).status).toBe(401);
    expect((await tokenAttempt(webA, user.email, "nope")).status).toBe(401);
    expect((await tokenAttempt(webB, user.email, "shared-right")).status).toBe(429);
  });

  it("does not let a parallel burst of guesses past the limit", async () => {
    const user = await createPasswordUser({ password: "burst-right" });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => tokenAttempt(i % 2 ? webA : webB, user.email, `guess-${i}`)),
    );
    const statuses = results.map((r) => r.status);
    // 3 free failures; a 4th only if the burst outlasted the first 1-second lock.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(8);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it("throttles unknown e-mails the same way, so they cannot be told apart", async () => {
    const email = `ghost-${Date.now()}@example.test`;
    for (let i = 0; i < 3; i++) expect((await tokenAttempt(webA, email, "x")).status).toBe(401);
    expect((await tokenAttempt(webA, email, "x")).status).toBe(429);
  });

  it("slows down one client address guessing across many e-mails", async () => {
    const address = testAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await tokenAttempt(webA, `spray-${i}-${Date.now()}@example.test`, "x", address)).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not affected.
    expect((await tokenAttempt(webA, `spray-other-${Date.now()}@example.test`, "x")).status).toBe(401);
  });

  it("throttles the browser sign-in (next-auth) too, and says so on the sign-in page", async () => {
    const user = await createPasswordUser({ password: "browser-right" });
    const b = browser(webA.baseUrl, { "x-forwarded-for": testAddress() });
    for (let i = 0; i < 3; i++) {
      const r = await b.signIn(user.email, "nope");
      expect(r.headers.get("location")).toContain("error=CredentialsSignin");
    }
    const blocked = await b.signIn(user.email, "browser-right");
    const errorPage = await b.request(blocked.headers.get("location")!);
    const signinUrl = errorPage.headers.get("location")!;
    expect(signinUrl).toMatch(/\/signin\?error=TooManyAttempts/);
    const html = await (await b.request(signinUrl)).text();
    expect(html).toMatch(/Too many failed sign-ins\. Wait \d+ seconds? and try again\./);
    expect(b.jar.has("next-auth.session-token")).toBe(false);
  });
});
