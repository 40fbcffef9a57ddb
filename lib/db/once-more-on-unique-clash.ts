// A write that checks a name or key is free, then inserts it, loses to another request doing the
// same at that moment: its insert hits the unique key (Prisma P2002). Run once more, its check
// finds the other's row and answers as documented (409 name_taken, 412, or an update of that row).
// Only a write in its own transaction can be run again: in a caller's, the transaction is aborted.
import { Prisma } from "@/lib/generated/prisma/client.ts";

export async function onceMoreOnUniqueClash<T>(attempt: () => Promise<T>, ownTransaction: boolean): Promise<T> {
  try {
    return await attempt();
  } catch (e) {
    if (ownTransaction && e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") return attempt();
    throw e;
  }
}
