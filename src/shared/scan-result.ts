/**
 * The scan result as both sides read it (issue 31): the types derive from the wire schemas
 * in src/interface/schemas (`Static<>`), which the routes validate and serialize with. The
 * dashboard takes every scan shape from here and declares none of its own.
 */
export {
  SCORE_NAMES,
  type AuditLayout,
  type ScanMeta,
  type ScanResult,
  type ScoreName,
  type SmartAudit,
  type DataSourceReport,
  type Taxes,
} from '../interface/schemas/audit-layout.ts';
export type { Evidence, Verdict } from '../interface/schemas/verdict.ts';
export type {
  EngineFinding,
  ScanFinding,
  ScoreFactor,
  SimulationEvidence,
  SourceSimulationEvidence,
} from '../interface/schemas/scan-evidence.ts';
export type {
  AddressResult,
  DashboardScanKind,
  DashboardScanStatus,
  GrantedRepository,
  RepositoryCheck,
  RepositoryRef,
  ScanDetail,
  ScanNetwork,
  ScanSummary,
  SourceResult,
  Stage,
  StageStatus,
} from '../interface/schemas/dashboard-scans.ts';
export { SEVERITIES, CONFIDENCES, type Severity, type Confidence } from './severities.ts';
export { TAX_ERRORS, type TaxError } from './tax-errors.ts';
