// Fake asset and warranty inventory (in the style of a warranty-lookup / asset-management
// tool): devices with department, device class, OS build and warranty end date. The lifecycle
// query returns devices whose warranty ends within N days (or has ended) or whose OS build is
// no longer supported, each with the reasons it was listed.
import { createRouter, FakeError, startFakeServer, type FakeServer, type FakeServerOptions } from "./fake-server";

export type InventoryDevice = {
  serial: string;
  hostname: string;
  department: string;
  deviceClass: string;
  model: string;
  os: "Windows 10" | "Windows 11" | "macOS";
  osBuild: string;
  /** YYYY-MM-DD */
  warrantyEnd: string;
};
export type InventoryFake = FakeServer & { state: { devices: InventoryDevice[]; now: () => Date } };

/** Lowest supported build number per OS (Windows 10 22H2 is the last; Windows 11 23H2 onward). */
export const MIN_SUPPORTED_BUILD: Record<string, number> = { "Windows 10": 19045, "Windows 11": 22631, macOS: 14 };

const DAY = 86_400_000;
const buildNumber = (os: string, build: string) => Number(os === "macOS" ? build.split(".")[0] : build.split(".")[2]);

export async function startInventoryFake(seed: { devices?: InventoryDevice[]; now?: () => Date } = {}, opts?: FakeServerOptions): Promise<InventoryFake> {
  const state = { devices: structuredClone(seed.devices ?? []), now: seed.now ?? (() => new Date()) };
  const router = createRouter().on("GET", "/api/v1/devices/lifecycle", (req) => {
    const days = Number(req.query.expiringWithinDays ?? "90");
    if (!Number.isInteger(days) || days < 0 || days > 3650) throw new FakeError(400, "expiringWithinDays must be a whole number of days (0-3650)");
    const includeOs = req.query.includeUnsupportedOs !== "false";
    const today = state.now().getTime();
    const devices = state.devices.flatMap((d) => {
      const daysLeft = Math.floor((Date.parse(`${d.warrantyEnd}T00:00:00Z`) - today) / DAY);
      const reasons: string[] = [];
      if (daysLeft < 0) reasons.push("warranty_expired");
      else if (daysLeft <= days) reasons.push("warranty_expiring");
      if (includeOs && buildNumber(d.os, d.osBuild) < (MIN_SUPPORTED_BUILD[d.os] ?? 0)) reasons.push("unsupported_os");
      return reasons.length ? [{ ...d, warrantyDaysLeft: daysLeft, reasons }] : [];
    });
    return { body: { generatedAt: new Date(today).toISOString(), expiringWithinDays: days, count: devices.length, devices } };
  });
  const server = await startFakeServer("inventory", router, opts);
  return { ...server, state };
}
