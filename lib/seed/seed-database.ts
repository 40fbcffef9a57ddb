// First-start seed, idempotent: one provider workspace with two clients and an owner.
// A real deployment sets SEED_OWNER_EMAIL / SEED_OWNER_PASSWORD; an owner seeded with a
// generated first password must choose their own at the first sign-in (lib/seed/seed-owner.ts).
import type { Db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";

export type SeedResult = { email: string; password: string; created: boolean; mustChangePassword: boolean };

export async function seedDatabase(opts: { db: Db; email: string; password: string; mustChangePassword?: boolean }): Promise<SeedResult> {
  const email = opts.email.toLowerCase();
  const passwordHash = await hashPassword(opts.password);
  const created = await opts.db.$transaction(async (tx) => {
    // Two processes starting together must not seed twice.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(4242001)`;
    if ((await tx.workspace.count({ where: { kind: "provider" } })) > 0) return false;
    const user =
      (await tx.user.findUnique({ where: { email } })) ??
      (await tx.user.create({ data: { email, name: "Owner", passwordHash, mustChangePassword: opts.mustChangePassword ?? false } }));
    const provider = await tx.workspace.create({ data: { name: "Acme IT Services", kind: "provider" } });
    for (const name of ["Northwind Traders", "Contoso Dental"]) {
      await tx.workspace.create({ data: { name, kind: "client", providerId: provider.id } });
    }
    await tx.membership.create({ data: { userId: user.id, workspaceId: provider.id, role: "owner" } });
    return true;
  });
  return { email, password: opts.password, created, mustChangePassword: created && (opts.mustChangePassword ?? false) };
}
