// A count with its noun in the right number — "1 step", "2 steps" — for text people read, where
// "step(s)" reads like a form letter. Words that must agree with the count go into the nouns:
// plural(n, "step arrives", "steps arrive"). Client-safe.
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
