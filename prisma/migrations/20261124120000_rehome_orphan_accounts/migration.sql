-- Accounts made in a client workspace that was deleted before deleting a client re-homed them
-- (lib/workspaces/delete-client-workspace.ts) still name that workspace as the one they were
-- made in, so nobody owned their origin: the provider's owners got 409 account_elsewhere adding
-- them anywhere and 403 resetting their password. They now count as made in the provider that
-- deleted the client (its owners owned the client), found in its audit log: the client_deleted
-- event, or an event moved there from the client (details.deletedClient).
-- An orphan whose provider cannot be found keeps its dangling origin on purpose: NULL would mean
-- "made by the operator", which any workspace's owner may add (lib/members/account-origin.ts),
-- and the owner who made the account may know its password. As it is, no owner can add it or
-- reset it; the operator still can (npm run user:reset-password).
UPDATE "User" u
SET "createdInWorkspaceId" = found."providerId"
FROM (
  SELECT DISTINCT ON (e."clientId") e."clientId", e."workspaceId" AS "providerId"
  FROM (
    SELECT details->>'clientId' AS "clientId", "workspaceId", "createdAt" FROM "AuditEvent" WHERE action = 'client_deleted'
    UNION ALL
    SELECT details->'deletedClient'->>'id', "workspaceId", "createdAt" FROM "AuditEvent" WHERE details->'deletedClient' IS NOT NULL
  ) e
  JOIN "Workspace" p ON p.id = e."workspaceId" AND p.kind = 'provider'
  WHERE e."clientId" IS NOT NULL
  ORDER BY e."clientId", e."createdAt" DESC
) found
WHERE u."createdInWorkspaceId" = found."clientId"
  AND NOT EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = u."createdInWorkspaceId");
