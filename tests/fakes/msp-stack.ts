// Starts every fake MSP system at once (each on its own random 127.0.0.1 port), seeded with
// the demo client's data unless a test passes its own seed for a system. Each fake insists on
// the credentials in msp-connections.ts (401 otherwise), so runs prove that the steps send
// their app connection's auth. The AI is the project's fake OpenAI-compatible server, with a
// rule that answers EDR triage prompts with the indicators found in the prompt.
import { startChatFake } from "./chat";
import * as demo from "./demo-data";
import { startDirectoryFake, type DirectorySeed } from "./directory";
import { startDocumentationFake, type DocumentationSeed } from "./documentation";
import { startEdrFake } from "./edr";
import { startInventoryFake, type InventoryDevice } from "./inventory";
import { startLicenseDistributorFake, type Subscription } from "./license-distributor";
import { startPasswordManagerFake, type PasswordManagerSeed } from "./password-manager";
import { startPsaFake, type PsaSeed } from "./psa";
import { startRmmFake, type RmmSeed } from "./rmm";
import { FAKE_CREDENTIALS as C } from "./msp-connections";
import { startFakeOpenAI, type ChatRequest } from "./openai";

export type MspStackSeed = {
  directory?: DirectorySeed;
  passwordManager?: PasswordManagerSeed;
  documentation?: DocumentationSeed;
  psa?: PsaSeed;
  edrHosts?: { id: string; hostname: string }[];
  rmm?: RmmSeed;
  subscriptions?: Record<string, Subscription[]>;
  devices?: InventoryDevice[];
};

const bearer = (token: string) => ({ requireHeader: { name: "authorization", value: `Bearer ${token}` } });
const apiKey = (name: string, value: string) => ({ requireHeader: { name, value } });

/** A SOC analyst's answer built from the prompt: the hash and command line become indicators. */
function triageAnswer(req: ChatRequest) {
  const prompt = req.messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
  const hash = /Process SHA-256: (\S+)/.exec(prompt)?.[1] ?? "";
  const cmd = /Command line: (.+)/.exec(prompt)?.[1]?.trim() ?? "";
  const host = /Host: (\S+)/.exec(prompt)?.[1] ?? "the host";
  const powershell = /powershell/i.test(cmd);
  return {
    technique: powershell ? "Command and Scripting Interpreter: PowerShell" : "User Execution: Malicious File",
    mitreId: powershell ? "T1059.001" : "T1204.002",
    summary: `${powershell ? "Encoded PowerShell" : "A suspicious binary"} ran on ${host}. Treat the hash as malicious and check for lateral movement.`,
    indicators: [
      ...(hash ? [{ type: "sha256", value: hash }] : []),
      ...(cmd ? [{ type: "command_line", value: cmd }] : []),
    ],
  };
}

export async function startMspStack(seed: MspStackSeed = {}) {
  const [directory, passwordManager, documentation, psa, chat, edr, rmm, licenseDistributor, inventory, openai] = await Promise.all([
    startDirectoryFake(seed.directory ?? demo.demoDirectory(), bearer(C.directoryToken)),
    startPasswordManagerFake(seed.passwordManager ?? demo.demoPasswordManager(), bearer(C.vaultToken)),
    startDocumentationFake(seed.documentation ?? demo.demoDocumentation(), apiKey("x-api-key", C.docsKey)),
    startPsaFake(seed.psa ?? demo.demoPsa(), { requireHeader: { name: "authorization", value: `Basic ${Buffer.from(`${C.psaUser}:${C.psaPassword}`).toString("base64")}` } }),
    startChatFake(),
    startEdrFake({ hosts: seed.edrHosts ?? demo.demoEdrHosts() }, bearer(C.edrToken)),
    startRmmFake(seed.rmm ?? demo.demoRmm(), apiKey("x-api-key", C.rmmKey)),
    startLicenseDistributorFake({ tenants: seed.subscriptions ?? demo.demoSubscriptions() }, bearer(C.distributorToken)),
    startInventoryFake({ devices: seed.devices ?? demo.demoDevices() }, apiKey("x-api-key", C.inventoryKey)),
    startFakeOpenAI({ apiKey: C.openaiKey, rules: [{ match: /Process SHA-256:/, reply: triageAnswer }] }),
  ]);
  const fakes = { directory, passwordManager, documentation, psa, chat, edr, rmm, licenseDistributor, inventory };
  return {
    ...fakes,
    openai,
    /** The recording fakes (the AI server keeps its own `requests`). */
    all: Object.values(fakes),
    close: () => Promise.all([...Object.values(fakes).map((f) => f.close()), openai.close()]).then(() => undefined),
  };
}
export type MspStack = Awaited<ReturnType<typeof startMspStack>>;
