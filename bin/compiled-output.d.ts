// Types of compiled-output.js for the TypeScript that imports it (the build script and tests).
export declare const REPO_ROOT: string;
export declare const SOURCE_DIR: string;
export declare const COMPILED_DIR: string;
export declare const FINGERPRINT_FILE: string;
export declare function sourceFiles(dir?: string, prefix?: string): string[];
export declare function sourceFingerprint(root?: string): string;
export declare function isCompiledCurrent(compiledDir?: string, root?: string): boolean;
