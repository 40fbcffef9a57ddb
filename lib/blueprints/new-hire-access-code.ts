// Blueprint 1's second Code step, run after the user exists: Graph adds group members by the
// user's object id (returned by the creation call, step 3) and assigns licences by skuId, so the
// licence entries of the setup (part numbers such as SPE_E3, or skuIds) are matched against the
// tenant's subscribed SKUs and the groups against the directory (step 4's lookups). It builds
// the one $batch of assignments (step 6), a label per request for step 7 to name a refused one
// by, and the readable lists for the ticket and chat texts. An entry the tenant does not know
// fails here, naming it, before anything is sent.

/** JavaScript for the isolated code step; reads steps 2 (picks), 3 (created user), 4 (lookups). */
export const NEW_HIRE_ACCESS_CODE = `const picked = steps[2], created = steps[3].body || {}, lookups = (steps[4].body || {}).responses || [];
if (!created.id) throw new Error("the directory's answer to the user creation (step 3) has no id");
const answer = (id) => {
  const r = lookups.find((x) => x.id === id);
  if (!r) return null;
  if (r.status >= 400) throw new Error("directory lookup '" + id + "' answered " + r.status + ": " + ((r.body && r.body.error && r.body.error.message) || "no message"));
  return r.body;
};
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const skus = (answer("skus") || { value: [] }).value || [];
const missingSkus = [];
const licences = picked.licenses.map((entry) => {
  const sku = skus.find((s) => GUID.test(entry) ? s.skuId.toLowerCase() === entry.toLowerCase() : s.skuPartNumber.toLowerCase() === entry.toLowerCase());
  if (!sku) missingSkus.push(entry);
  return sku;
});
if (missingSkus.length) {
  throw new Error("licence " + missingSkus.join(", ") + " is not subscribed in this tenant (subscribed: " + (skus.map((s) => s.skuPartNumber).join(", ") || "none") + "): correct the blueprint's licence SKUs, then assign the licences to " + picked.userPrincipalName + " by hand");
}
const found = (answer("groups") || { value: [] }).value || [];
const groups = picked.groups.map((id) => found.find((g) => g.id.toLowerCase() === id.toLowerCase()) || { id, displayName: null });
const missingGroups = groups.filter((g) => g.displayName === null).map((g) => g.id);
if (missingGroups.length) {
  throw new Error("group " + missingGroups.join(", ") + " is not in the directory (groups are set up by object id): correct the blueprint's groups, then add " + picked.userPrincipalName + " by hand");
}
const names = { licences: licences.map((s) => s.skuPartNumber), groups: groups.map((g) => g.displayName) };
const json = { "Content-Type": "application/json" };
const requests = [], labels = {};
if (licences.length) {
  requests.push({ id: "licenses", method: "POST", url: "/users/" + created.id + "/assignLicense", headers: json, body: { addLicenses: licences.map((s) => ({ skuId: s.skuId, disabledPlans: [] })), removeLicenses: [] } });
  labels.licenses = (licences.length > 1 ? "licences " : "licence ") + names.licences.join(", ");
}
groups.forEach((g, i) => {
  requests.push({ id: "group-" + (i + 1), method: "POST", url: "/groups/" + g.id + "/members/$ref", headers: json, body: { "@odata.id": "https://graph.microsoft.com/v1.0/directoryObjects/" + created.id } });
  labels["group-" + (i + 1)] = "group " + g.displayName;
});
// A $batch needs 1 to 20 requests: with nothing to assign it only reads the user back.
if (!requests.length) {
  requests.push({ id: "user", method: "GET", url: "/users/" + created.id + "?$select=id" });
  labels.user = "reading the user back";
}
if (requests.length > 20) throw new Error(requests.length + " assignments: a directory $batch takes at most 20 (one for the licences, one per group)");
const inline = (l) => l.join(", ") || "none";
const bullets = (l) => (l.length ? l : ["none"]).map((x) => "- " + x).join("\\n");
return {
  userId: created.id,
  licenses: licences.map((s) => ({ skuId: s.skuId, skuPartNumber: s.skuPartNumber })),
  groups,
  licensesText: inline(names.licences),
  groupsText: inline(names.groups),
  licensesList: bullets(names.licences),
  groupsList: bullets(names.groups),
  assignments: { requests },
  assignmentLabels: labels,
};`;
