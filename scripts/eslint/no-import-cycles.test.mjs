import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noImportCycles } from './no-import-cycles.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

// The rule follows imports on disk: a small tree of files stands for an app.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-import-cycles-'));
const files = {
  'store/app-store.ts': "import { listen } from './session.ts';\nexport const store = listen;\n",
  'store/session.ts': "import { store } from './app-store.ts';\nexport const listen = () => store;\n",
  'db/kysely.ts': "import { name } from './prepared-query.ts';\nexport type Db = { name: typeof name };\n",
  'db/prepared-query.ts': "import type { Db } from './kysely.ts';\nexport const name = (db: Db) => db;\n",
  'app/router.tsx': "export const page = () => import('../features/page.tsx');\n",
  'features/page.tsx': "import { routes } from '../app/routes.ts';\nexport default routes;\n",
  'app/routes.ts': "import { page } from './router.tsx';\nexport const routes = [page];\n",
  'lib/time.ts': 'export const now = () => new Date();\n',
  'lib/clock.ts': "import { now } from './time.ts';\nexport const clock = now;\n",
};
for (const [file, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const at = (file) => ({ filename: path.join(dir, file), code: files[file] });
const cycle = [{ messageId: 'cycle' }];
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

tester.run('no-import-cycles', noImportCycles, {
  valid: [at('lib/clock.ts'), at('lib/time.ts'), { filename: path.join(dir, 'lib/other.ts'), code: "import { clock } from './clock.ts';" }],
  invalid: [
    { ...at('store/app-store.ts'), errors: cycle },
    { ...at('store/session.ts'), errors: cycle },
    // A cycle of types is one too, either way round.
    { ...at('db/kysely.ts'), errors: cycle },
    { ...at('db/prepared-query.ts'), errors: cycle },
    // Through a lazy import() and over three files.
    { ...at('app/router.tsx'), errors: cycle },
    { ...at('features/page.tsx'), errors: cycle },
  ],
});
