// `npm run fakes`: starts the fake MSP stack with the demo data and prints each base URL, so
// workflows can be pointed at it by hand. Every request is logged as it arrives. Ctrl-C stops.
import { fakeConnections } from "./msp-connections";
import { startMspStack } from "./msp-stack";

const stack = await startMspStack();
console.log("Fake MSP stack (127.0.0.1, demo client Contoso Dental):");
for (const f of stack.all) console.log(`  ${f.name.padEnd(20)} ${f.baseUrl}`);
console.log(`  ${"openai".padEnd(20)} ${stack.openai.baseUrl}`);
console.log(`  chat webhook example  ${stack.chat.webhookUrl("it-alerts")}`);
console.log("App connections for these fakes (base URL, auth):");
for (const c of fakeConnections(stack)) console.log(`  ${c.app.padEnd(20)} ${c.baseUrl}  ${c.authKind} ${JSON.stringify(c.credentials)}`);

for (const f of stack.all) {
  f.onRequest((r) => console.log(`[${f.name}] ${r.method} ${r.path}${Object.keys(r.query).length ? "?" + new URLSearchParams(r.query) : ""}`));
}

const stop = async () => {
  await stack.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
