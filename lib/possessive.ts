// A name's possessive for text people read — "Contoso's", and "Northwind Traders'" for a name
// ending in s, where "Traders's" reads like a typo. Workspace names are the clients' own, so the
// rule is written once here rather than in each sentence that names one. Client-safe.
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
