/** Types of scripts/compiled.mjs (plain JavaScript, read before any TypeScript loader runs). */
export declare function serverInputs(root: string): string;
export declare function siteInputs(root: string): string;
export declare function serverDir(dist: string, hash: string): string;
export declare function siteStamp(dist: string): string;
export declare function serverUpToDate(dist: string, hash: string): boolean;
export declare function siteUpToDate(dist: string, hash: string): boolean;
