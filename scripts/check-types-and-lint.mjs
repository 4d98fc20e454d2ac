#!/usr/bin/env node
// npm test's type check and ESLint in one process, on one set of TypeScript programs (issue 32: CI time).
// `npm run typecheck` (tsc -p, one project after another) and `eslint .` (its type-aware rules, through
// the project service) each built the same programs: 79 and ~100 of their 219 CPU-seconds. Here each
// project's program is built once, its diagnostics reported as tsc reports them, and the same programs
// are handed to ESLint (typescript-eslint's `parserOptions.programs`), which runs with eslint.config.js
// as `eslint .` does. The two npm scripts stay as they are for everyday use; this says the same.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import eslintConfig from '../eslint.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The projects `npm run typecheck` checks (`tsc -p DIR && …` in package.json), in its order. */
const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const CHECKED = [...packageJson.scripts.typecheck.matchAll(/tsc -p (\S+)/g)].map((m) => m[1]);
/** Linted with their types, as the project service found them, but not type-checked by npm run typecheck. */
const LINTED_ONLY = ['bench/web/anchor'];
/** The files eslint.config.js lints through the project service's default project (its allowDefaultProject). */
const LOOSE_FILES = eslintConfig.flatMap((c) => c.languageOptions?.parserOptions?.projectService?.allowDefaultProject ?? []);
if (!CHECKED.length || !LOOSE_FILES.length)
  throw new Error("package.json's typecheck or eslint.config.js's allowDefaultProject changed shape");

const host = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => root,
  getNewLine: () => ts.sys.newLine,
};

function parsedConfig(dir) {
  const file = path.join(root, dir, 'tsconfig.json');
  let unrecoverable;
  const parsed = ts.getParsedCommandLineOfConfigFile(
    file,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => (unrecoverable = d) },
  );
  if (!parsed) return { fileNames: [], options: {}, errors: [unrecoverable] };
  return parsed;
}

function programOf(parsed) {
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: parsed.errors,
  });
}

const started = Date.now();
const programs = [];
let typeErrors = 0;
for (const dir of CHECKED) {
  const program = programOf(parsedConfig(dir));
  programs.push(program);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  typeErrors += diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
  if (diagnostics.length) {
    const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, host));
  }
  console.log(`type check ${dir}: ${diagnostics.length ? `${diagnostics.length} problem(s)` : 'ok'}`);
}
for (const dir of LINTED_ONLY) programs.push(programOf(parsedConfig(dir)));
const loose = ts.parseJsonConfigFileContent({ extends: './tsconfig.base.json', files: LOOSE_FILES }, ts.sys, root);
programs.push(programOf(loose));
console.log(`type check: ${typeErrors ? `${typeErrors} error(s)` : 'ok'} (${Math.round((Date.now() - started) / 1000)} s)`);

const linting = Date.now();
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parserOptions: { projectService: false, programs } } },
});
const results = await eslint.lintFiles(['.']);
const report = await (await eslint.loadFormatter('stylish')).format(results);
if (report) process.stdout.write(report);
const lintErrors = results.reduce((sum, r) => sum + r.errorCount, 0); // fatal ones (a file it could not parse) included
console.log(
  `ESLint: ${results.length} files, ${lintErrors ? `${lintErrors} error(s)` : 'ok'} (${Math.round((Date.now() - linting) / 1000)} s)`,
);

process.exit(typeErrors || lintErrors ? 1 : 0);
