// Browser calls to /api/v1 for the resource pages: JSON in and out, and the API's own error
// message (e.g. the 409 listing what a review still misses) thrown as the Error's message.
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

export async function apiFetch<T = Record<string, unknown>>(path: string, init: { method?: string; json?: unknown; body?: BodyInit; contentType?: string; headers?: Record<string, string> } = {}): Promise<T> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.contentType) headers["content-type"] = init.contentType;
  const res = await fetch(path, { method: init.method ?? "GET", headers, body });
  const text = await res.text();
  const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!res.ok) throw new ApiCallError(String(parsed.message ?? `request failed (${res.status})`), res.status, parsed);
  return parsed as T;
}

export const inputClass =
  "block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500";
