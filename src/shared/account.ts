/** The dashboard's account, session, key and overview shapes (src/spec/schemas/dashboard.ts), for the web. */
export type * from '../spec/schemas/dashboard.ts';
