"use client";
// The react-query client of a push page (the Push page, the client review), for the polls that
// notice, as the editor's do, a workflow deleted or a role lost while the page is open
// (useWorkflowLost). Same options as the editor's.
import { useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

export function WithQueryClient({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** What a push page says when its workflow was deleted or the caller lost the role it needs. */
export function LostNotice({ id, action, reason }: { id: string; action: string; reason: string }) {
  return (
    <p id={id} role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="page-lost">
      {action}: {reason}.
    </p>
  );
}
