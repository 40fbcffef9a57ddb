-- CreateTable
CREATE TABLE "File" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "File_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowCopy" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "sourceWorkflowId" TEXT,
    "sourceWorkspaceId" TEXT NOT NULL,
    "sourceName" TEXT NOT NULL,
    "sourceVersion" INTEGER NOT NULL,
    "targetWorkspaceId" TEXT NOT NULL,
    "copyWorkflowId" TEXT NOT NULL,
    "pushedStepsHash" TEXT NOT NULL,
    "accountSteps" JSONB NOT NULL DEFAULT '[]',
    "sampleData" TEXT NOT NULL,
    "pushCount" INTEGER NOT NULL DEFAULT 1,
    "pushedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pushedById" TEXT,
    "reviewedAt" TIMESTAMP(3),
    "reviewedById" TEXT,
    CONSTRAINT "WorkflowCopy_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "workspaceId" TEXT NOT NULL,
    "workflowId" TEXT,
    "actorId" TEXT,
    "actorEmail" TEXT,
    "action" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WorkflowCopy_targetWorkspaceId_idx" ON "WorkflowCopy"("targetWorkspaceId");

-- CreateIndex
CREATE INDEX "AuditEvent_workspaceId_createdAt_idx" ON "AuditEvent"("workspaceId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "File_workspaceId_name_key" ON "File"("workspaceId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowCopy_copyWorkflowId_key" ON "WorkflowCopy"("copyWorkflowId");

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowCopy_sourceWorkflowId_targetWorkspaceId_key" ON "WorkflowCopy"("sourceWorkflowId", "targetWorkspaceId");

-- AddForeignKey
ALTER TABLE "File" ADD CONSTRAINT "File_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowCopy" ADD CONSTRAINT "WorkflowCopy_sourceWorkflowId_fkey" FOREIGN KEY ("sourceWorkflowId") REFERENCES "Workflow"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowCopy" ADD CONSTRAINT "WorkflowCopy_copyWorkflowId_fkey" FOREIGN KEY ("copyWorkflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowCopy" ADD CONSTRAINT "WorkflowCopy_targetWorkspaceId_fkey" FOREIGN KEY ("targetWorkspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
