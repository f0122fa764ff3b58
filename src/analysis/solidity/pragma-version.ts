/** Reads `pragma solidity` constraints: lowest admitted version, upper bound, exactness. */

export type Version = readonly [number, number, number];

interface Bound {
  readonly version: Version;
  readonly inclusive: boolean;
}

export interface VersionRange {
  readonly min: Version | undefined;
  readonly max: Bound | undefined;
  readonly exact: boolean;
}

function parseVersion(text: string): Version | undefined {
  const m = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

export function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The range of one alternative (`||` splits alternatives; we take the union's extremes). */
export function versionRange(constraint: string): VersionRange {
  const alternatives = constraint.split('||').map((alt) => rangeOf(alt));
  const mins = alternatives
    .map((r) => r.min)
    .filter((v): v is Version => !!v)
    .sort(compareVersions);
  const unbounded = alternatives.some((r) => !r.max);
  const maxes = alternatives
    .map((r) => r.max)
    .filter((b): b is Bound => !!b)
    .sort((a, b) => compareVersions(b.version, a.version));
  return { min: mins[0], max: unbounded ? undefined : maxes[0], exact: alternatives.length === 1 && alternatives[0]!.exact };
}

function rangeOf(alt: string): VersionRange {
  let min: Version | undefined;
  let max: Bound | undefined;
  let exact = false;
  const parts = alt.trim().split(/\s+/).filter(Boolean);
  for (const part of parts) {
    const m = /^(\^|~|>=|<=|>|<|=)?\s*v?([\d.]+)$/.exec(part);
    if (!m) continue;
    const v = parseVersion(m[2]!);
    if (!v) continue;
    switch (m[1]) {
      case '^':
        min = v;
        max = { version: v[0] > 0 ? [v[0] + 1, 0, 0] : [0, v[1] + 1, 0], inclusive: false };
        break;
      case '~':
        min = v;
        max = { version: [v[0], v[1] + 1, 0], inclusive: false };
        break;
      case '>=':
        min = v;
        break;
      case '>':
        min = [v[0], v[1], v[2] + 1];
        break;
      case '<=':
        max = { version: v, inclusive: true };
        break;
      case '<':
        max = { version: v, inclusive: false };
        break;
      default:
        min = v;
        max = { version: v, inclusive: true };
        exact = parts.length === 1;
    }
  }
  return { min, max, exact };
}

/** Whether every version the constraint admits is below `v`. */
export function entirelyBelow(range: VersionRange, v: Version): boolean {
  if (!range.max) return false;
  const c = compareVersions(range.max.version, v);
  return c < 0 || (c === 0 && !range.max.inclusive);
}

export function atLeast(range: VersionRange, v: Version): boolean {
  return !!range.min && compareVersions(range.min, v) >= 0;
}
