/**
 * Tax in percent from what should have arrived and what did: 0–100 with two decimals
 * (1 = one percent). Negative when more arrived than expected (a reflection paid to the
 * receiver). Null when nothing was expected.
 */
export function taxPercent(expected: bigint, received: bigint): number | null {
  if (expected <= 0n) return null;
  // Millionths first (exact integer arithmetic on raw amounts), then round to 0.01 %.
  const millionths = ((expected - received) * 1_000_000n) / expected;
  const percent = Math.round(Number(millionths) / 100) / 100;
  return Object.is(percent, -0) ? 0 : percent;
}
