// What a pushed copy records of the blueprint its source was installed from: the same blueprint,
// version and setup — the copy is that install's steps for this client, so it is told of a newer
// version as the provider's own is, and can install it with the same setup. Not the account
// choices: they name the provider's accounts, which mean nothing in the client's workspace (an
// install there picks the client's own). A source with no recorded origin clears the copy's.
import { Prisma, type Workflow } from "@/lib/generated/prisma/client.ts";

type Origin = Pick<Workflow, "blueprintSlug" | "blueprintVersion" | "blueprintSetup">;

export function copyBlueprintOrigin(source: Origin) {
  return {
    blueprintSlug: source.blueprintSlug,
    blueprintVersion: source.blueprintVersion,
    blueprintSetup: source.blueprintSetup === null ? Prisma.DbNull : (source.blueprintSetup as Prisma.InputJsonValue),
    blueprintConnections: Prisma.DbNull,
  };
}
