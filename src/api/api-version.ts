/** The API's version: the OpenAPI document's `info.version` and the SARIF exports' tool version. */
export const API_VERSION = '0.1.0';
