/** The dashboard's account, session, key and overview shapes (src/interface/schemas/dashboard.ts), for the web. */
export type * from '../interface/schemas/dashboard.ts';
