// npm run secret-key:rotate against the test database, as an operator meets it: refused while the
// service runs; then every stored secret reads with the new key only, the service starts with it
// (a signed delivery is verified with the re-encrypted shared secret) and refuses the old one; a
// definition's json text is untouched but for its ciphertext; the generated key file is replaced,
// the key it held kept beside it (backups made before need it), and a rotation interrupted
// between its commit and the file's rename is finished by a rerun. A connected OAuth
// authorization-code account still refreshes and sends its token after a rotation.
process.env.PGAPPNAME = "rotation-test"; // not one of the service's session names (msp-flow-…)
import { createHash, createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, existsSync, statSync, writeFileSync, renameSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getConnectionCredentials } from "@/lib/connections/get-connection-credentials";
import { fetchAuthorizationCodeToken } from "@/lib/connections/oauth/fetch-authorization-code-token";
import { db } from "@/lib/db/client";
import { databaseUrl, neverGenerateSecretKey, parseSecretKey } from "@/lib/env";
import { ensureQueues } from "@/lib/jobs/boss";
import { decryptSecret, encryptSecret } from "@/lib/secrets/crypto";
import { verifySecretKey } from "@/lib/secrets/verify-secret-key";
import { generateWebhookToken } from "@/lib/triggers/generate-webhook-token";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "@/tests/fakes/oauth-provider";
import { createPasswordUser } from "@/tests/helpers/auth-fixtures";
import { eventually, startWeb, type WebService } from "@/tests/helpers/services";
import { runScript } from "@/tests/helpers/run-script";

// The key the database's secrets are under now; each rotation here moves it.
let currentKey = process.env.SECRET_KEY!;
const key = (hex: string) => parseSecretKey(hex);

const rotate = (env: Record<string, string | undefined>, ...args: string[]) =>
  runScript("scripts/rotate-secret-key.ts", args, { SECRET_KEY: currentKey, ...env }, 60_000);

/** A workspace with one secret of each kind; the definition's text has what a re-serialisation
 *  would change (key order with an integer-like key, an integer beyond double precision). */
async function storeSecrets(under: string) {
  const k = key(under);
  const ws = await db().workspace.create({ data: { name: `Rotate ${randomBytes(3).toString("hex")}`, kind: "provider" } });
  const variable = await db().variable.create({ data: { workspaceId: ws.id, key: "API_KEY", secret: true, valueEncrypted: encryptSecret("variable-plain", k) } });
  const plainVariable = await db().variable.create({ data: { workspaceId: ws.id, key: "REGION", value: "eu-west" } });
  const connection = await db().connection.create({
    data: { workspaceId: ws.id, app: "http", name: "PSA", authKind: "bearer", credentialsEncrypted: encryptSecret(JSON.stringify({ token: "conn-plain" }), k) },
  });
  const shared = "hook-shared-secret";
  const stepId = randomBytes(8).toString("hex");
  const sealed = encryptSecret(shared, k);
  const steps =
    `[{"id":"${stepId}","kind":"webhook","name":"Webhook","config":{"sharedSecretEncrypted":"${sealed}","signatureHeader":"X-Hub-Signature-256",` +
    `"testingData":{"z":1,"10":2,"big":123456789012345678901}}}]`;
  const [workflow] = await db().$queryRaw<{ id: string; updatedAt: Date }[]>`
    INSERT INTO "Workflow" ("workspaceId", name, mode, steps, "updatedAt") VALUES (${ws.id}, 'Signed hook', 'live', ${steps}::json, now() - interval '1 day')
    RETURNING id, "updatedAt"`;
  const endpoint = await db().webhookEndpoint.create({ data: { workflowId: workflow.id, stepId, token: generateWebhookToken() } });
  return { ws, variable, plainVariable, connection, workflow, steps, sealed, shared, token: endpoint.token };
}

/** An oauth2_authorization_code account connected at `fake` (its tokens sealed under `under`,
 *  the access token expired so its next use refreshes) and a sign-in of it still in progress. */
async function storeOAuthAccount(workspaceId: string, fake: FakeOAuthProvider, under: string) {
  const k = key(under);
  const client = { clientId: "rotate-client", clientSecret: "rotate-secret" };
  const verifier = randomBytes(32).toString("base64url");
  const redirectUri = "http://127.0.0.1/callback";
  const authorize = new URL(`${fake.url}/authorize`);
  for (const [n, v] of Object.entries({ client_id: client.clientId, redirect_uri: redirectUri, state: "s", code_challenge_method: "S256", code_challenge: createHash("sha256").update(verifier).digest("base64url") })) authorize.searchParams.set(n, v);
  const code = new URL((await fetch(authorize, { redirect: "manual" })).headers.get("location")!).searchParams.get("code")!;
  const issued = await fetch(`${fake.url}/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier, ...{ client_id: client.clientId, client_secret: client.clientSecret } }),
  }).then((r) => r.json() as Promise<{ access_token: string; refresh_token: string }>);
  const tokens = { accessToken: issued.access_token, expiresAt: Date.now() - 1000, refreshToken: issued.refresh_token };
  const account = await db().connection.create({
    data: {
      workspaceId,
      app: "http",
      name: "Xero",
      authKind: "oauth2_authorization_code",
      baseUrl: fake.url,
      config: { authorizationUrl: `${fake.url}/authorize`, tokenUrl: `${fake.url}/token`, clientAuth: "body" },
      credentialsEncrypted: encryptSecret(JSON.stringify(client), k),
      oauthTokensEncrypted: encryptSecret(JSON.stringify(tokens), k),
      oauthStatus: "connected",
      oauthConnectedAt: new Date(),
    },
  });
  const pending = await db().oAuthConnectState.create({
    data: { id: randomBytes(32).toString("hex"), connectionId: account.id, workspaceId, userId: "someone", verifierEncrypted: encryptSecret("pending-verifier", k), redirectUri, expiresAt: new Date(Date.now() + 600_000) },
  });
  return { account, pending };
}

/** Runs `fn` in this process as a service started with `hex` as its SECRET_KEY. */
async function asServiceWithKey<T>(hex: string, fn: () => Promise<T>): Promise<T> {
  const before = process.env.SECRET_KEY;
  process.env.SECRET_KEY = hex;
  neverGenerateSecretKey(); // forgets the key env() read before
  try {
    return await fn();
  } finally {
    process.env.SECRET_KEY = before;
    neverGenerateSecretKey();
  }
}

const stepsText = async (id: string) => (await db().$queryRaw<{ t: string }[]>`SELECT steps::text AS t FROM "Workflow" WHERE id = ${id}`)[0].t;
const refusesStart = (secret: string) => verifySecretKey({ db: db(), secret: key(secret) }).then(() => false, () => true);

afterAll(async () => {
  await db().$disconnect();
});

describe("npm run secret-key:rotate", () => {
  it("is refused while the service runs; stopped, it re-encrypts every secret under NEW_SECRET_KEY, which the service then starts with", async () => {
    await ensureQueues(databaseUrl());
    await verifySecretKey({ db: db(), secret: key(currentKey) });
    const s = await storeSecrets(currentKey);
    const fake = await startFakeOAuthProvider({ clientId: "rotate-client", clientSecret: "rotate-secret" });
    const oauth = await storeOAuthAccount(s.ws.id, fake, currentKey);
    const user = await createPasswordUser({ password: "rotation-pw-1" });
    const session = await db().browserSession.create({ data: { userId: user.id, userAgent: "laptop" } });
    const newKey = randomBytes(32).toString("hex");

    let web: WebService | undefined = await startWeb({ SECRET_KEY: currentKey });
    try {
      // Idle for longer than a pool keeps an unused session by default (10 s): still seen.
      await eventually(async () => {
        const [row] = await db().$queryRaw<{ n: bigint }[]>`
          SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'msp-flow-web'
            AND state = 'idle' AND state_change < now() - interval '11 seconds'`;
        return row.n > 0n;
      }, 30_000, "the web server's session to have been idle for 11 s");
      const running = await rotate({ NEW_SECRET_KEY: newKey });
      expect(running.code, running.out).toBe(1);
      expect(running.out).toMatch(/The service is running \(connected: .*msp-flow-web ×\d+.*\)\. Stop every web and worker process/);
      expect(running.out).toContain("nothing was changed");
      expect(await refusesStart(currentKey)).toBe(false);
      expect((await db().variable.findUniqueOrThrow({ where: { id: s.variable.id } })).valueEncrypted).toBe(s.variable.valueEncrypted);
    } finally {
      await web.stop();
      web = undefined;
    }
    // The web server's sessions end as it exits; pg_stat_activity may list them a moment longer.
    const r = await eventually(async () => {
      const attempt = await rotate({ NEW_SECRET_KEY: newKey });
      return attempt.out.includes("The service is running") ? null : attempt;
    }, 15_000, "the stopped web server's sessions to end");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(
      /SECRET_KEY rotated: re-encrypted \d+ secret variables?, \d+ accounts?'s? credentials, [1-9]\d* accounts?'s? OAuth tokens, [1-9]\d* OAuth sign-ins? in progress and \d+ webhook shared secrets?; \d+ browser sessions? ended/,
    );
    expect(r.out).toContain("Set SECRET_KEY to the new key (the NEW_SECRET_KEY given) wherever the service is configured");
    // Nothing but the operator holds the previous key, which the backups made so far need.
    expect(r.out).toContain("can only be restored with the previous key, the SECRET_KEY this ran with: keep it where you keep those backups");
    const oldKey = currentKey;
    currentKey = newKey;

    const variable = await db().variable.findUniqueOrThrow({ where: { id: s.variable.id } });
    expect(decryptSecret(variable.valueEncrypted!, key(newKey))).toBe("variable-plain");
    expect(() => decryptSecret(variable.valueEncrypted!, key(oldKey))).toThrow();
    expect(variable.updatedAt).toEqual(s.variable.updatedAt);
    expect(await db().variable.findUniqueOrThrow({ where: { id: s.plainVariable.id } })).toEqual(s.plainVariable);
    const connection = await db().connection.findUniqueOrThrow({ where: { id: s.connection.id } });
    expect(JSON.parse(decryptSecret(connection.credentialsEncrypted!, key(newKey)))).toEqual({ token: "conn-plain" });
    expect(connection.updatedAt).toEqual(s.connection.updatedAt);
    const workflow = await db().workflow.findUniqueOrThrow({ where: { id: s.workflow.id } });
    const resealed = workflow.triggerSecretEncrypted!;
    expect(decryptSecret(resealed, key(newKey))).toBe(s.shared);
    expect(await stepsText(s.workflow.id)).toBe(s.steps.replace(s.sealed, resealed));
    expect(workflow.updatedAt).toEqual(s.workflow.updatedAt);
    expect(workflow.version).toBe(1);
    expect(await db().browserSession.count({ where: { id: session.id } })).toBe(0);
    // The authorization-code account stays connected: with the new key its expired access token
    // is refreshed with the stored refresh token, and the new one is taken by the provider's API.
    try {
      const token = await asServiceWithKey(newKey, async () =>
        fetchAuthorizationCodeToken({ connection: await getConnectionCredentials({ connectionId: oauth.account.id, workspaceId: s.ws.id }) }),
      );
      expect(fake.state.refreshes.map((x) => x.status)).toEqual([200]);
      expect(token).toBe(fake.state.latestAccessToken);
      expect((await fetch(`${fake.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      expect((await db().connection.findUniqueOrThrow({ where: { id: oauth.account.id } })).oauthStatus).toBe("connected");
    } finally {
      await fake.close();
    }
    const pending = await db().oAuthConnectState.findUniqueOrThrow({ where: { id: oauth.pending.id } });
    expect(decryptSecret(pending.verifierEncrypted, key(newKey))).toBe("pending-verifier");

    expect(await refusesStart(oldKey)).toBe(true);
    expect(await refusesStart(newKey)).toBe(false);
    // The service with the new key verifies a signed delivery with the re-encrypted secret.
    web = await startWeb({ SECRET_KEY: newKey });
    try {
      const body = JSON.stringify({ alert: "rotated" });
      const post = (signature: string) =>
        fetch(`${web!.baseUrl}/hooks/${s.token}`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body });
      expect((await post(`sha256=${createHmac("sha256", "wrong").update(body).digest("hex")}`)).status).toBe(401);
      const ok = await post(`sha256=${createHmac("sha256", s.shared).update(body).digest("hex")}`);
      expect(ok.status).toBe(202);
      expect(await db().run.count({ where: { workflowId: s.workflow.id } })).toBe(1);
    } finally {
      await web.stop();
    }
  });

  it("refuses what it cannot do, exit 2 and nothing changed: no NEW_SECRET_KEY beside SECRET_KEY, a malformed one, the current one, an argument", async () => {
    const before = (await db().secretKeyCheck.findUnique({ where: { id: 1 } }))?.hmac;
    const missing = await rotate({ NEW_SECRET_KEY: undefined });
    expect(missing.code).toBe(2);
    expect(missing.out).toContain("SECRET_KEY is set in the environment: give the new key as NEW_SECRET_KEY");
    const malformed = await rotate({ NEW_SECRET_KEY: "not-a-key" });
    expect(malformed.code).toBe(2);
    expect(malformed.out).toContain("NEW_SECRET_KEY must be 32 bytes written as 64 hex characters or base64");
    const same = await rotate({ NEW_SECRET_KEY: currentKey });
    expect(same.code).toBe(2);
    expect(same.out).toContain("NEW_SECRET_KEY is the current key");
    const arg = await rotate({ NEW_SECRET_KEY: randomBytes(32).toString("hex") }, "--force");
    expect(arg.code).toBe(2);
    expect(arg.out).toContain("unknown argument --force");
    expect((await db().secretKeyCheck.findUnique({ where: { id: 1 } }))?.hmac).toBe(before);
  });

  it("from a shell with neither SECRET_KEY nor a key file, refuses (exit 2) and makes no key", async () => {
    await verifySecretKey({ db: db(), secret: key(currentKey) });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "rotate-nokey-"));
    const r = await rotate({ SECRET_KEY: undefined, NEW_SECRET_KEY: undefined, DATA_DIR: dataDir });
    expect(r.code, r.out).toBe(2);
    expect(r.out).toContain(`SECRET_KEY is not set and ${path.join(dataDir, "secret-key")} does not exist: run this with the key the service uses`);
    expect(existsSync(path.join(dataDir, "secret-key"))).toBe(false);
    expect(await refusesStart(currentKey)).toBe(false);
  });

  it("refuses a SECRET_KEY that is not the database's, changing nothing", async () => {
    await verifySecretKey({ db: db(), secret: key(currentKey) });
    const s = await storeSecrets(currentKey);
    const r = await rotate({ SECRET_KEY: randomBytes(32).toString("hex"), NEW_SECRET_KEY: randomBytes(32).toString("hex") });
    expect(r.code).toBe(1);
    expect(r.out).toContain("SECRET_KEY does not match the key this database's secrets were encrypted with");
    expect((await db().variable.findUniqueOrThrow({ where: { id: s.variable.id } })).valueEncrypted).toBe(s.variable.valueEncrypted);
    expect(await refusesStart(currentKey)).toBe(false);
  });

  it("leaves a value the current key cannot read either as it was, and names it", async () => {
    await verifySecretKey({ db: db(), secret: key(currentKey) });
    const ws = await db().workspace.create({ data: { name: "Lost value", kind: "provider" } });
    const lost = await db().variable.create({
      data: { workspaceId: ws.id, key: "FROM_A_LOST_KEY", secret: true, valueEncrypted: encryptSecret("gone", randomBytes(32)) },
    });
    const newKey = randomBytes(32).toString("hex");
    const r = await rotate({ NEW_SECRET_KEY: newKey });
    expect(r.code, r.out).toBe(0);
    currentKey = newKey;
    expect(r.out).toMatch(/1 stored value could not be decrypted with the previous key either and was left as before \(enter it again\): secret variable FROM_A_LOST_KEY/);
    expect((await db().variable.findUniqueOrThrow({ where: { id: lost.id } })).valueEncrypted).toBe(lost.valueEncrypted);
  });

  it("with the generated key file: replaces it with a new key (mode 600), and a rerun finishes a rotation cut off before the rename", async () => {
    await verifySecretKey({ db: db(), secret: key(currentKey) });
    const s = await storeSecrets(currentKey);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "rotate-key-"));
    const file = path.join(dataDir, "secret-key");
    writeFileSync(file, `${currentKey}\n`, { mode: 0o600 });
    const fileEnv = { SECRET_KEY: undefined, NEW_SECRET_KEY: undefined, DATA_DIR: dataDir };

    // A staged key from a run that never committed is discarded, not taken.
    writeFileSync(`${file}.next`, `${randomBytes(32).toString("hex")}\n`);
    const r = await rotate(fileEnv);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(`The new key is in ${file}`);
    const generated = readFileSync(file, "utf8").trim();
    expect(generated).toMatch(/^[0-9a-f]{64}$/);
    expect(generated).not.toBe(currentKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.next`)).toBe(false);
    // The replaced key is kept (mode 600) and named: every backup made before needs it.
    const keptFiles = () => readdirSync(dataDir).filter((n) => n.startsWith("secret-key.previous-"));
    expect(keptFiles()).toHaveLength(1);
    const kept = path.join(dataDir, keptFiles()[0]);
    expect(keptFiles()[0]).toMatch(/^secret-key\.previous-\d{8}T\d{6}Z$/);
    expect(readFileSync(kept, "utf8").trim()).toBe(currentKey);
    expect(statSync(kept).mode & 0o777).toBe(0o600);
    expect(r.out).toContain(`The previous key is kept in ${kept} (mode 600): database backups made before now (DATA_DIR/backups included) can only be restored with it`);
    expect(r.out).toContain("Delete it once those backups are gone.");
    const previous = currentKey;
    currentKey = generated;
    expect(decryptSecret((await db().variable.findUniqueOrThrow({ where: { id: s.variable.id } })).valueEncrypted!, key(generated))).toBe("variable-plain");
    expect(await refusesStart(generated)).toBe(false);

    // As a crash between the commit and the rename leaves it: the old key in the file, the
    // committed one staged beside it. The rerun renames instead of rotating again.
    renameSync(file, `${file}.next`);
    writeFileSync(file, `${previous}\n`, { mode: 0o600 });
    const again = await rotate(fileEnv);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain("Finished an earlier rotation");
    expect(readFileSync(file, "utf8").trim()).toBe(generated);
    expect(existsSync(`${file}.next`)).toBe(false);
    expect(decryptSecret((await db().variable.findUniqueOrThrow({ where: { id: s.variable.id } })).valueEncrypted!, key(generated))).toBe("variable-plain");
    // The key it replaced was kept already: named, not copied twice.
    expect(again.out).toContain(`The previous key is kept in ${kept}`);
    expect(keptFiles()).toEqual([path.basename(kept)]);

    // The next rotation keeps the key it replaces beside the first, which it never overwrites.
    const third = await rotate(fileEnv);
    expect(third.code, third.out).toBe(0);
    currentKey = readFileSync(file, "utf8").trim();
    expect(keptFiles()).toHaveLength(2);
    expect(readFileSync(kept, "utf8").trim()).toBe(previous);
    const second = keptFiles().map((n) => path.join(dataDir, n)).find((f) => f !== kept)!;
    expect(readFileSync(second, "utf8").trim()).toBe(generated);
    expect(third.out).toContain(`The previous key is kept in ${second}`);
  });
});
