/** Small statistics the benchmarks share. */

/** The middle value (the upper of the two middle ones for an even count). */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}
