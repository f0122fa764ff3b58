/** The watches API's shapes (src/interface/schemas/watches.ts), for the dashboard's Watchlist page. */
export type * from '../interface/schemas/watches.ts';
