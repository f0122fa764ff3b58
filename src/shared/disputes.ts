/** The disputes API's shapes (src/interface/schemas/disputes.ts) and rules, for the evidence page and the operator panel. */
export type * from '../interface/schemas/disputes.ts';
export * from './dispute-rules.ts';
