/** The paid offers (catalogue and request statuses) and the Services API's shapes, for the web. */
export type * from '../spec/schemas/services.ts';
export * from '../spec/offers.ts';
