// Realistic starting data for the fake MSP stack: one client ("Contoso Dental") with a few
// staff, a departing employee, a low-disk workstation, a recurring agreement billed for fewer
// seats than are active, and a device fleet with some warranties running out. Shared by the
// integration tests, `npm run fakes` and `npm run demo`, so all three tell the same story.
import type { DirectorySeed } from "./directory";
import type { DocumentationSeed } from "./documentation";
import type { InventoryDevice } from "./inventory";
import type { PasswordManagerSeed } from "./password-manager";
import type { PsaSeed } from "./psa";
import type { RmmSeed } from "./rmm";
import type { Subscription } from "./license-distributor";

export const DEMO_DOMAIN = "contoso-dental.com";
export const DEMO_TENANT_ID = "7d1f3c52-contoso";
export const DEMO_AGREEMENT_ID = "AGR-4471";
export const DEMO_DOC_ORG = "ORG-311";

/** Object ids of the demo tenant's groups (Entra ids are GUIDs; technicians copy them from the
 *  admin centre). The blueprints' example setups use the same ids. */
export const DEMO_GROUPS = {
  allStaff: "0f3d6c2a-5b1e-4d8a-9c47-2e6b1a8f3d10",
  clinical: "6a1e9b34-7c2d-4f05-8e3b-91d4c7a2b6e5",
  frontDesk: "b8c47e1d-2a9f-4b63-a5d0-3f7e6c1b9a24",
  billing: "d2e5a8f1-4c7b-49e0-b3a6-8f1c2d5e7a93",
};

/** The tenant's subscriptions with Microsoft's published skuIds for these part numbers. Despite
 *  its name, O365_BUSINESS_PREMIUM is Microsoft 365 Business Standard; Business Premium is SPB
 *  (Microsoft's "Product names and service plan identifiers for licensing" list). */
export const DEMO_SKUS = {
  O365_BUSINESS_PREMIUM: "f245ecc8-75af-4f8e-b61f-27d8114de5f3",
  SPE_E3: "05e9a617-0261-4cee-bb44-138d3ef5d965",
  VISIOCLIENT: "c5928f49-12ba-48f7-ada3-0d743a3601d5",
};

export const demoDirectory = (): DirectorySeed => ({
  subscribedSkus: [
    { skuId: DEMO_SKUS.O365_BUSINESS_PREMIUM, skuPartNumber: "O365_BUSINESS_PREMIUM", enabled: 20 },
    { skuId: DEMO_SKUS.SPE_E3, skuPartNumber: "SPE_E3", enabled: 4 },
    { skuId: DEMO_SKUS.VISIOCLIENT, skuPartNumber: "VISIOCLIENT", enabled: 2 },
  ],
  users: [
    { id: "3c9a7f21-8d4e-4b6a-9f12-5e7d0c1a2b34", userPrincipalName: `maria.lopez@${DEMO_DOMAIN}`, displayName: "Maria Lopez", department: "Clinical", jobTitle: "Practice Manager", licenses: ["SPE_E3"] },
    { id: "7e2b5d90-1f3c-4a8e-b6d7-0c9e8f1a2d45", userPrincipalName: `dan.brooks@${DEMO_DOMAIN}`, displayName: "Dan Brooks", department: "Front Desk", jobTitle: "Receptionist", licenses: ["O365_BUSINESS_PREMIUM"] },
    {
      id: "a4f8c1e6-9b2d-4e7f-8a3c-6d5b0e9f1c78",
      userPrincipalName: `jamie.reed@${DEMO_DOMAIN}`,
      displayName: "Jamie Reed",
      department: "Billing",
      jobTitle: "Billing Specialist",
      licenses: ["O365_BUSINESS_PREMIUM", "VISIOCLIENT"],
    },
  ],
  groups: [
    { id: DEMO_GROUPS.allStaff, displayName: "All Staff", members: [`maria.lopez@${DEMO_DOMAIN}`, `dan.brooks@${DEMO_DOMAIN}`, `jamie.reed@${DEMO_DOMAIN}`] },
    { id: DEMO_GROUPS.clinical, displayName: "Clinical Team", members: [`maria.lopez@${DEMO_DOMAIN}`] },
    { id: DEMO_GROUPS.frontDesk, displayName: "Front Desk", members: [`dan.brooks@${DEMO_DOMAIN}`] },
    { id: DEMO_GROUPS.billing, displayName: "Billing", members: [`jamie.reed@${DEMO_DOMAIN}`] },
  ],
});

export const demoPasswordManager = (): PasswordManagerSeed => ({
  collections: { "col-shared-clinic": "Clinic shared logins", "col-billing": "Billing portals", "col-front-desk": "Front desk" },
  members: [{ email: `jamie.reed@${DEMO_DOMAIN}`, name: "Jamie Reed", collections: ["col-shared-clinic", "col-billing"] }],
});

export const demoDocumentation = (): DocumentationSeed => ({
  organizations: { [DEMO_DOC_ORG]: "Contoso Dental" },
  contacts: [
    { organizationId: DEMO_DOC_ORG, firstName: "Jamie", lastName: "Reed", email: `jamie.reed@${DEMO_DOMAIN}`, title: "Billing Specialist", department: "Billing", manager: `maria.lopez@${DEMO_DOMAIN}`, status: "active", notes: null },
  ],
});

export const demoPsa = (): PsaSeed => ({
  tickets: [
    { id: 2001, summary: "Offboarding: Jamie Reed (last day Friday)", board: "Service Desk", type: "Offboarding", company: "Contoso Dental" },
    { id: 2002, summary: "Low disk space on CD-FRONT-02 (C:)", board: "Service Desk", type: "Monitoring alert", company: "Contoso Dental" },
  ],
  agreements: [
    {
      id: DEMO_AGREEMENT_ID,
      name: "Contoso Dental – Managed Microsoft 365",
      company: "Contoso Dental",
      additions: [
        { id: "ADD-1", sku: "O365_BUSINESS_PREMIUM", description: "Microsoft 365 Business Standard", quantity: 18, unitPrice: 22 },
        { id: "ADD-2", sku: "SPE_E3", description: "Microsoft 365 E3", quantity: 4, unitPrice: 36 },
      ],
    },
  ],
});

export const demoSubscriptions = (): Record<string, Subscription[]> => ({
  [DEMO_TENANT_ID]: [
    { sku: "O365_BUSINESS_PREMIUM", productName: "Microsoft 365 Business Standard", quantity: 20, status: "Active" },
    { sku: "SPE_E3", productName: "Microsoft 365 E3", quantity: 4, status: "Active" },
    { sku: "VISIOCLIENT", productName: "Visio Plan 2", quantity: 1, status: "Active" },
  ],
});

export const demoEdrHosts = () => [
  { id: "host-7f3a", hostname: "CD-CLINIC-07" },
  { id: "host-21bc", hostname: "CD-FRONT-02" },
];

export const demoRmm = (): RmmSeed => ({
  devices: [{ id: "dev-1042", hostname: "CD-FRONT-02", volumes: { C: { totalGb: 237, freeGb: 9.5 } } }],
  scripts: [
    { id: "scr-cleanup-01", name: "Disk cleanup (temp, update cache, recycle bin)", approved: true },
    { id: "scr-unapproved", name: "Ad-hoc registry tweak", approved: false },
  ],
  alerts: [{ id: "alr-88311", deviceId: "dev-1042", message: "Free space on C: below 15%" }],
  freeGbAfterCleanup: { "dev-1042": 41.2 },
});

/** Dates relative to `now`, so "expiring within 90 days" stays true whenever the demo runs. */
export function demoDevices(now = new Date()): InventoryDevice[] {
  const inDays = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  return [
    { serial: "5CG1234XYZ", hostname: "CD-CLINIC-01", department: "Clinical", deviceClass: "laptop", model: "HP EliteBook 840 G8", os: "Windows 11", osBuild: "10.0.22631.4602", warrantyEnd: inDays(21) },
    { serial: "5CG1234XZA", hostname: "CD-CLINIC-02", department: "Clinical", deviceClass: "laptop", model: "HP EliteBook 840 G8", os: "Windows 11", osBuild: "10.0.22631.4602", warrantyEnd: inDays(75) },
    { serial: "MXL0987ABC", hostname: "CD-CLINIC-07", department: "Clinical", deviceClass: "desktop", model: "HP EliteDesk 800 G6", os: "Windows 10", osBuild: "10.0.19044.3086", warrantyEnd: inDays(400) },
    { serial: "MXL0987ABD", hostname: "CD-FRONT-02", department: "Front Desk", deviceClass: "desktop", model: "HP EliteDesk 800 G6", os: "Windows 10", osBuild: "10.0.19045.5247", warrantyEnd: inDays(-12) },
    { serial: "C02XK1ABCD", hostname: "CD-BILL-01", department: "Billing", deviceClass: "laptop", model: "MacBook Air M1", os: "macOS", osBuild: "15.2", warrantyEnd: inDays(500) },
    { serial: "CZC4411SRV", hostname: "CD-SRV-01", department: "IT", deviceClass: "server", model: "HPE ProLiant ML30 Gen10", os: "Windows 11", osBuild: "10.0.26100.2605", warrantyEnd: inDays(60) },
  ];
}
