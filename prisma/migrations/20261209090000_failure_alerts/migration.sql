-- Failure alerts (lib/failure-alerts): a workspace's webhook for failed live runs, its URL
-- encrypted (Slack/Teams incoming webhooks carry their token in the path), and the outcome of
-- the last alert sent to it; one storm-guard row per workflow.
CREATE TABLE "FailureAlertSetting" (
    "workspaceId" TEXT NOT NULL,
    "urlEncrypted" TEXT NOT NULL,
    "urlHost" TEXT NOT NULL,
    "urlMaskedPath" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "lastOutcome" TEXT,
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "lastAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FailureAlertSetting_pkey" PRIMARY KEY ("workspaceId")
);

CREATE TABLE "FailureAlertWindow" (
    "workflowId" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL,
    "sentRunId" TEXT NOT NULL,
    "sentSuppressed" INTEGER NOT NULL DEFAULT 0,
    "suppressed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "FailureAlertWindow_pkey" PRIMARY KEY ("workflowId")
);

ALTER TABLE "FailureAlertSetting" ADD CONSTRAINT "FailureAlertSetting_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "FailureAlertWindow" ADD CONSTRAINT "FailureAlertWindow_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;
