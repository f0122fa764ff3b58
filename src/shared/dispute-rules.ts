/** A dispute's statuses and field lengths: one list, read by the wire schema and the dashboard's forms. */
export const DISPUTE_STATUSES = ['open', 'answered', 'closed'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_LIMITS = { messageMin: 10, messageMax: 4000, contactMin: 3, contactMax: 200 } as const;
