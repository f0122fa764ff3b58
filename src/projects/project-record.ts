/**
 * A token's project profile in the operator's registry (issue 19): the links the project
 * publishes and its ids at the two aggregators. One shape for import files, the admin
 * routes and the CLI; the scan merges it over what aggregators list (the registry wins).
 */
import { isEvmAddress, isSolanaAddress, normalizeEvmAddress } from '../interface/address.ts';
import { LOCAL_NETWORK, networkBySymbol } from '../chain/networks.ts';
import { PROJECT_LINK_FIELDS, type ProjectLinks } from '../enrichment/provider-set.ts';
import { problemSummary, validateRows, type RowProblem } from '../registry/validate-rows.ts';
import { AppError } from '../errors/app-error.ts';

/** The link fields a project row may carry (defined beside ProjectLinks). */
export { PROJECT_LINK_FIELDS };

export interface ProjectRecord extends ProjectLinks {
  readonly network: string;
  /** Lower-case for EVM addresses. */
  readonly address: string;
  /** aggregatorA's coin id ('' when unknown). */
  readonly aggregatorAId: string;
  /** aggregatorB's slug ('' when unknown). */
  readonly aggregatorBSlug: string;
  /** Who entered it: a file name, "admin", a list's name. */
  readonly source: string;
}

export interface StoredProject extends ProjectRecord {
  readonly updatedAt: string;
}

export type ProjectProblem = RowProblem;

/** Rows that cannot be imported: answered 400 "Invalid projects, nothing imported" with the `problems`. */
export class ProjectValidationError extends AppError {
  override readonly name = 'ProjectValidationError';
  constructor(readonly problems: readonly ProjectProblem[]) {
    super(400, problemSummary(problems, 'projects'), { clientMessage: 'Invalid projects, nothing imported', fields: { problems } });
  }
}

const MAX_LINK = 300;
const MAX_DESCRIPTION = 2_000;
/** Fields that must be web links when given (the others may be handles such as @name or r/name). */
const URL_FIELDS = new Set(['website', 'logo', 'github', 'medium', 'linkedin', 'bitcointalk', 'facebook']);
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A network symbol of the networks table (or LOCAL), upper-case; undefined when unknown. */
export function projectNetwork(value: string): string | undefined {
  const symbol = value.trim().toUpperCase();
  if (symbol === LOCAL_NETWORK.symbol) return symbol;
  return networkBySymbol(symbol) ? symbol : undefined;
}

/** The address as stored: lower-case on EVM networks; undefined when it is not an address of that network. */
export function projectAddress(network: string, value: string): string | undefined {
  const family = network === LOCAL_NETWORK.symbol ? 'evm' : networkBySymbol(network)?.family;
  if (family === 'solana') return isSolanaAddress(value) ? value : undefined;
  return isEvmAddress(value) ? normalizeEvmAddress(value) : undefined;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function optional(row: Record<string, unknown>, field: string, max: number, problems: ProjectProblem[], index: number): string {
  const value = row[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    problems.push({ row: index, field, problem: 'must be text' });
    return '';
  }
  const trimmed = value.trim();
  if (trimmed.length > max) problems.push({ row: index, field, problem: `longer than ${max} characters` });
  else if (field !== 'description' && CONTROL.test(trimmed)) problems.push({ row: index, field, problem: 'contains control characters' });
  return trimmed;
}

/**
 * Checks every row and returns the projects, or throws with every problem found: a file
 * with one bad row imports nothing. Unknown columns are refused (a typo would lose a link).
 */
export function validateProjects(rows: readonly unknown[], defaultSource: string): ProjectRecord[] {
  const known = new Set<string>(['network', 'address', 'aggregatorAId', 'aggregatorBSlug', 'source', ...PROJECT_LINK_FIELDS]);
  return validateRows<ProjectRecord>(rows, {
    check(row, index, problems) {
      for (const field of Object.keys(row)) if (!known.has(field)) problems.push({ row: index, field, problem: 'unknown field' });
      const rawNetwork = typeof row.network === 'string' ? row.network : '';
      const network = projectNetwork(rawNetwork);
      if (!network) problems.push({ row: index, field: 'network', problem: rawNetwork ? `unknown network "${rawNetwork}"` : 'required' });
      const rawAddress = typeof row.address === 'string' ? row.address.trim() : '';
      const address = network ? projectAddress(network, rawAddress) : undefined;
      if (network && !address)
        problems.push({ row: index, field: 'address', problem: rawAddress ? `not an address on ${network}` : 'required' });
      const links: Record<string, string> = {};
      for (const field of PROJECT_LINK_FIELDS) {
        const value = optional(row, field, field === 'description' ? MAX_DESCRIPTION : MAX_LINK, problems, index);
        if (value !== '' && URL_FIELDS.has(field) && !isWebUrl(value)) problems.push({ row: index, field, problem: 'an http(s) URL' });
        links[field] = value;
      }
      const aggregatorAId = optional(row, 'aggregatorAId', 100, problems, index);
      const aggregatorBSlug = optional(row, 'aggregatorBSlug', 100, problems, index);
      for (const [field, value] of [
        ['aggregatorAId', aggregatorAId],
        ['aggregatorBSlug', aggregatorBSlug],
      ] as const)
        if (value !== '' && !ID.test(value)) problems.push({ row: index, field, problem: 'letters, digits, dots, dashes and underscores' });
      const source = optional(row, 'source', 200, problems, index) || defaultSource;
      if (!network || !address) return undefined;
      return { network, address, ...(links as unknown as ProjectLinks), aggregatorAId, aggregatorBSlug, source };
    },
    key: (project) => `${project.network}|${project.address}`,
    sameKey: 'same network and address',
    fail: (problems) => new ProjectValidationError(problems),
  });
}
