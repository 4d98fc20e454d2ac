import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// No import cycles (issue 23, STYLE.md): a file never reaches itself through its relative imports —
// type-only imports and lazy import() included, because a cycle of types is the same tangle of
// responsibilities (import-x's no-cycle skips those, so this small rule stands in; decision 083).
// Our relative imports name their file (`./x.ts`), so resolving them is a path join; TypeScript's own
// preProcessFile lists a file's imports without a full parse.

/** @type {Map<string, { mtimeMs: number, imports: string[] }>} */
const importsCache = new Map();

/** The files `file` imports by relative path, resolved and existing; cached per modification time. */
function relativeImportsOf(file) {
  let mtimeMs;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.imports;
  const imports = resolvedImports(file, fs.readFileSync(file, 'utf8'));
  importsCache.set(file, { mtimeMs, imports });
  return imports;
}

function resolvedImports(file, text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((ref) => ref.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name))
    .filter((target) => fs.existsSync(target));
}

/** The chain of files from `start` back to `goal`, or null when `goal` cannot be reached. */
function pathBack(start, goal) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, chain] = stack.pop();
    for (const next of relativeImportsOf(file)) {
      if (next === goal) return chain;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push([next, [...chain, next]]);
    }
  }
  return null;
}

export const noImportCycles = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle: {{chain}}.' } },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const name = (f) => path.relative(root, f);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      if (target === file) return;
      const chain = pathBack(target, file);
      if (chain) context.report({ node: node.source, messageId: 'cycle', data: { chain: [file, ...chain, file].map(name).join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
