import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { serverBoundaries } from './server-boundaries.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const src = path.resolve(import.meta.dirname, '../../apps/server/src');
const at = (file) => path.join(src, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const crossing = [{ messageId: 'crossing' }];

tester.run('server-boundaries', serverBoundaries, {
  valid: [
    { filename: at('plugins/auth.ts'), code: "import { AppError } from '../lib/app-error.ts';" },
    { filename: at('plugins/auth.ts'), code: "import type { Db } from '../db/kysely.ts';" },
    { filename: at('db/migrate.ts'), code: "import { nowIso } from '../lib/time.ts';" },
    { filename: at('modules/vouchers/vouchers.service.ts'), code: "import { findVouchers } from './vouchers.repository.ts';" },
    { filename: at('modules/mgm/mgm.service.ts'), code: "import { findConsumer } from '../consumers/consumers.service.ts';" },
    { filename: at('modules/leads/leads.service.ts'), code: "import { assertStarted } from '../actions/action-guards.ts';" },
    { filename: at('modules/auth/auth.service.ts'), code: "import type { Notifier } from '../notifier/notifier.ts';" },
    { filename: at('modules/vouchers/vouchers.routes.ts'), code: "import { callerOf } from '../../plugins/auth.ts';" },
    { filename: at('seed/demo-seed.ts'), code: "import { insertLead } from '../modules/leads/lead-register.repository.ts';" },
    { filename: at('cli/admin.ts'), code: "import { createPromoter } from '../modules/auth/admin.service.ts';" },
    { filename: at('app.ts'), code: "import { authPlugin } from './plugins/auth.ts';" },
    { filename: at('modules/leads/leads.test.ts'), code: "import { insertAction } from '../actions/actions.repository.ts';" },
    { filename: at('test/builders.ts'), code: "import { insertAction } from '../modules/actions/actions.repository.ts';" },
  ],
  invalid: [
    { filename: at('plugins/auth.ts'), code: "import { findSessionByToken } from '../modules/auth/auth.repository.ts';", errors: crossing },
    {
      filename: at('db/seed/mgm-seed.ts'),
      code: "import { storeConsentTexts } from '../../modules/leads/consent-texts.repository.ts';",
      errors: crossing,
    },
    { filename: at('db/seed/start-seed.ts'), code: "import type { BlobStore } from '../../plugins/storage.ts';", errors: crossing },
    { filename: at('lib/json.ts'), code: "export { x } from '../modules/health/health.service.ts';", errors: crossing },
    { filename: at('config/env.ts'), code: "import { buildApp } from '../app.ts';", errors: crossing },
    { filename: at('modules/mgm/mgm.service.ts'), code: "import { findLeadCode } from '../leads/leads.repository.ts';", errors: crossing },
    {
      filename: at('modules/reports/reports.service.ts'),
      code: "import { rows } from '../actions/actions.repository.ts';",
      errors: crossing,
    },
    {
      filename: at('modules/leads/leads.service.ts'),
      code: "const registry = import('../consumers/consumer-registry.ts');",
      errors: crossing,
    },
    { filename: at('modules/dev/dev.routes.ts'), code: "import { smtp } from '../notifier/smtp-notifier.ts';", errors: crossing },
    { filename: at('modules/auth/auth.service.ts'), code: "import { seed } from '../../seed/demo-seed.ts';", errors: crossing },
  ],
});
