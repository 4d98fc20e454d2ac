// Types of scripts/web-build.mjs for the TypeScript tests that call it.
export declare const root: string;
export declare function webBuildIsStale(outDir?: string): boolean;
export declare function buildWebApp(options?: {
  env?: NodeJS.ProcessEnv;
  outDir?: string;
  stdio?: 'inherit' | 'pipe' | 'ignore';
}): number;
