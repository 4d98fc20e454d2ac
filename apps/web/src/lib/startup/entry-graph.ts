import fs from 'node:fs';
import path from 'node:path';

// The modules a first visit evaluates before the login form is drawn: the static imports of
// src/main.tsx, followed file by file (type-only imports and dynamic imports left out). Read from the
// sources, so the guard in entry-graph.test.ts needs no build (decision 081).

const webRoot = path.resolve(import.meta.dirname, '../../..');
const repoRoot = path.resolve(webRoot, '../..');
const contractExports = JSON.parse(fs.readFileSync(path.join(repoRoot, 'packages/contract/package.json'), 'utf8')) as {
  exports: Record<string, string>;
};

const STATIC_IMPORTS = [
  /^import\s+(?!type\s)[\s\S]*?\sfrom\s+['"]([^'"]+)['"]/gm,
  /^import\s+['"]([^'"]+)['"]/gm,
  /^export\s+(?!type\s)[^;'"]*?\sfrom\s+['"]([^'"]+)['"]/gm,
];

function staticSpecifiers(source: string): string[] {
  return STATIC_IMPORTS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

/** A workspace file (relative to the repository) or a package name (`react-dom/client`). */
function resolve(specifier: string, from: string): { file: string } | { pkg: string } {
  if (specifier.startsWith('.')) return { file: path.resolve(path.dirname(from), specifier) };
  if (specifier.startsWith('@promotor/contract')) {
    const key = `.${specifier.slice('@promotor/contract'.length)}`;
    return { file: path.join(repoRoot, 'packages/contract', contractExports.exports[key]!) };
  }
  return { pkg: specifier };
}

/** Every workspace file and package the entry imports statically, as sorted lists. */
export function entryGraph(entry = path.join(webRoot, 'src/main.tsx')): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!/\.(ts|tsx)$/.test(file)) return; // a stylesheet
    for (const specifier of staticSpecifiers(fs.readFileSync(file, 'utf8'))) {
      const target = resolve(specifier, file);
      if ('pkg' in target) packages.add(target.pkg);
      else visit(target.file);
    }
  };
  visit(entry);
  const relative = [...files].map((file) => path.relative(repoRoot, file).split(path.sep).join('/'));
  return { files: relative.sort(), packages: [...packages].sort() };
}
