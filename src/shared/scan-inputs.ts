/** The scan form's input checks, run alike by the page and the routes (src/spec/scan-inputs.ts). */
export * from '../spec/scan-inputs.ts';
