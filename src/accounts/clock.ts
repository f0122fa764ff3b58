/** Time as the account code sees it: injected, so tests move it instead of sleeping. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
