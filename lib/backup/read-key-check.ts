// The check of the key a database's secrets are encrypted with (lib/secrets/verify-secret-key.ts),
// read by the backup and restore commands to say which key goes with the data.
import pg from "pg";

/** The stored check, or null when there is none (a database never started, or from before the check). */
export async function readKeyCheck(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, application_name: "msp-flow-backup" });
  await client.connect();
  try {
    const { rows } = await client.query<{ hmac: string }>(`SELECT hmac FROM "SecretKeyCheck" WHERE id = 1`);
    return rows[0]?.hmac ?? null;
  } catch (e) {
    // A database not yet migrated, or from before the key check: there is no check to compare.
    if ((e as { code?: string }).code !== "42P01") throw e;
    return null;
  } finally {
    await client.end();
  }
}
