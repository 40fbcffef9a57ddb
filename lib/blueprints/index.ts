// The blueprint registry, in the order of the spec's Blueprints table.
import type { Blueprint } from "./blueprint";
import { edrAlertTriage } from "./edr-alert-triage";
import { leaverDeprovisioning } from "./leaver-deprovisioning";
import { licenseReconciliation } from "./license-reconciliation";
import { lowDiskRemediation } from "./low-disk-remediation";
import { newHireProvisioning } from "./new-hire-provisioning";
import { warrantyLifecycleReport } from "./warranty-lifecycle-report";

export const BLUEPRINTS: Blueprint[] = [
  newHireProvisioning,
  edrAlertTriage,
  licenseReconciliation,
  leaverDeprovisioning,
  lowDiskRemediation,
  warrantyLifecycleReport,
] as unknown as Blueprint[];

export const blueprintBySlug = (slug: string): Blueprint | undefined => BLUEPRINTS.find((b) => b.slug === slug);
