// Starts every fake MSP system at once (each on its own random 127.0.0.1 port), seeded with
// the demo client's data unless a test passes its own seed for a system.
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

export async function startMspStack(seed: MspStackSeed = {}) {
  const [directory, passwordManager, documentation, psa, chat, edr, rmm, licenseDistributor, inventory] = await Promise.all([
    startDirectoryFake(seed.directory ?? demo.demoDirectory()),
    startPasswordManagerFake(seed.passwordManager ?? demo.demoPasswordManager()),
    startDocumentationFake(seed.documentation ?? demo.demoDocumentation()),
    startPsaFake(seed.psa ?? demo.demoPsa()),
    startChatFake(),
    startEdrFake({ hosts: seed.edrHosts ?? demo.demoEdrHosts() }),
    startRmmFake(seed.rmm ?? demo.demoRmm()),
    startLicenseDistributorFake({ tenants: seed.subscriptions ?? demo.demoSubscriptions() }),
    startInventoryFake({ devices: seed.devices ?? demo.demoDevices() }),
  ]);
  const fakes = { directory, passwordManager, documentation, psa, chat, edr, rmm, licenseDistributor, inventory };
  return {
    ...fakes,
    all: Object.values(fakes),
    close: () => Promise.all(Object.values(fakes).map((f) => f.close())).then(() => undefined),
  };
}
export type MspStack = Awaited<ReturnType<typeof startMspStack>>;
