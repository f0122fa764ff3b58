/** The paid offers (catalogue and request statuses) and the Services API's shapes, for the web. */
export type * from '../interface/schemas/services.ts';
export * from '../offers/catalogue.ts';
