// Orders the switcher: each provider followed by its own clients, then clients the user
// belongs to directly (client-only members have no provider to show). Pure; unit-tested.
export type SwitcherWorkspace = { id: string; name: string; kind: "provider" | "client"; providerId: string | null };
export type SwitcherGroup = { key: string; label: string | null; nested: boolean; items: SwitcherWorkspace[] };

export function groupWorkspaces(workspaces: SwitcherWorkspace[]): SwitcherGroup[] {
  const byName = (a: SwitcherWorkspace, b: SwitcherWorkspace) => a.name.localeCompare(b.name);
  const providers = workspaces.filter((w) => w.kind === "provider").sort(byName);
  const providerIds = new Set(providers.map((p) => p.id));
  const groups: SwitcherGroup[] = providers.map((p) => ({
    key: p.id,
    label: null,
    nested: true,
    items: [p, ...workspaces.filter((w) => w.kind === "client" && w.providerId === p.id).sort(byName)],
  }));
  const direct = workspaces.filter((w) => w.kind === "client" && !(w.providerId && providerIds.has(w.providerId))).sort(byName);
  if (direct.length) groups.push({ key: "direct", label: groups.length ? "Other workspaces" : null, nested: false, items: direct });
  return groups;
}
