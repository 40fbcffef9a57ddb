// Send a test alert to the saved webhook: → {sent, status, error} (editor), status being the
// endpoint's answer (null when none came: refused by the SSRF guard, unreachable).
import { apiRoute } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { sendTestAlert } from "@/lib/failure-alerts/send-test-alert";

export const POST = apiRoute<{ workspaceId: string }>(({ params, user }) => sendTestAlert({ workspaceId: params.workspaceId, userId: user.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
