// What a log line says about an error: its message and where it came from, kept short and on
// one JSON line. Prisma's messages quote the failing call over several lines (source excerpt
// first, the database's own words last), so the last line is the message; the stack is its
// first few frames, without the message it repeats — enough to find the code, and no room for
// request data.
const FRAMES = 5;

export function errorFields(e: unknown): { err: string; stack?: string } {
  if (!(e instanceof Error)) return { err: String(e).slice(0, 500) };
  const lines = e.message.split("\n").map((l) => l.trim()).filter(Boolean);
  const err = (lines.at(-1) ?? e.name).slice(0, 500);
  const frames = (e.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l)).slice(0, FRAMES).map((l) => l.trim());
  return frames.length ? { err, stack: frames.join(" | ") } : { err };
}
