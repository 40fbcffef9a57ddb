-- Which blueprint, at which version, a workflow was installed from, and with which setup and
-- account choices (lib/blueprints/install-blueprint.ts): the Workflows list and the editor then
-- say when a newer version exists, and "Install vN as a new Draft" installs it again with the
-- same setup (lib/blueprints/upgrade-blueprint.ts). A setup holds no secret (names, domains,
-- object ids, channels, costs: its values also go into the steps and variables); the connections
-- are the account ids chosen at install, never credentials. Workflows installed before this have
-- none, and say nothing: the blueprint_installed audit event names the blueprint but not the
-- setup, and nothing recorded which version it was.
ALTER TABLE "Workflow" ADD COLUMN "blueprintSlug" TEXT;
ALTER TABLE "Workflow" ADD COLUMN "blueprintVersion" INTEGER;
ALTER TABLE "Workflow" ADD COLUMN "blueprintSetup" JSONB;
ALTER TABLE "Workflow" ADD COLUMN "blueprintConnections" JSONB;
