// The message of a failed action, announced to screen readers (role="alert").
export function ErrorAlert({ error }: { error: string | null }) {
  return error ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p> : null;
}
