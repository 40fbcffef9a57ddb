// The app connection a step names (HTTP Request, AI Prompt: `config.connectionId`), or null when
// it names none. Pure and client-safe: push planning and the save check read it the same way.
export function stepConnectionId(step: { config?: unknown } | undefined): string | null {
  const id = (step?.config as { connectionId?: unknown } | undefined)?.connectionId;
  return typeof id === "string" && id !== "" ? id : null;
}
