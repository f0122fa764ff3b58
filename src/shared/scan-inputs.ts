/** The scan form's input checks, run alike by the page and the routes (src/interface/scan-inputs.ts). */
export * from '../interface/scan-inputs.ts';
