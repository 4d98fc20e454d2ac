import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { webBoundaries } from './web-boundaries.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const src = path.resolve(import.meta.dirname, '../../apps/web/src');
const at = (file) => path.join(src, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('web-boundaries', webBoundaries, {
  valid: [
    { filename: at('features/actions/components/page.tsx'), code: "import { api } from '../../../lib/api-client.ts';" },
    { filename: at('features/actions/components/page.tsx'), code: "import { x } from '../hooks/use-action.ts';" },
    { filename: at('app/store-slices.ts'), code: "import { createUserSlice } from '../features/auth/user.slice.ts';" },
    { filename: at('store/app-store.ts'), code: "import { takeFeatureSlices } from './registry.ts';" },
    { filename: at('store/app-store.ts'), code: "import { api } from '../lib/api-client.ts';" },
    { filename: at('store/app-store.test.ts'), code: "import { buildAction } from '../features/actions/testing/build-action.ts';" },
    { filename: at('app/router.tsx'), code: "const page = import('../features/actions/components/actions-page.tsx');" },
    { filename: at('lib/outbox/outbox-test-kit.ts'), code: "import { useAppStore } from '../../store/app-store.ts';" },
    { filename: at('features/actions/testing/render.tsx'), code: "import { AppToasts } from '../../../app/app-overlays.tsx';" },
    { filename: at('biuro/app/biuro-layout.tsx'), code: "import { Button } from '../../components/ui/button.tsx';" },
    { filename: at('biuro/promoters/promoters-page.tsx'), code: "import { adminCall } from '../api/admin-api.ts';" },
  ],
  invalid: [
    { filename: at('app/router.tsx'), code: "const biuro = import('../biuro/app/biuro-app.tsx');", errors: [{ messageId: 'crossing' }] },
    { filename: at('lib/api-client.ts'), code: "import { x } from '../biuro/api/admin-api.ts';", errors: [{ messageId: 'crossing' }] },
    {
      filename: at('biuro/auth/staff-session.ts'),
      code: "import { useAppStore } from '../../store/app-store.ts';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      filename: at('biuro/plan/plan-page.tsx'),
      code: "import { ActionCard } from '../../features/actions/components/action-card.tsx';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      filename: at('features/vouchers/voucher-page.tsx'),
      code: "import { useAction } from '../actions/hooks/use-action.ts';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      filename: at('features/vouchers/api/vouchers.api.ts'),
      code: "export { x } from '../../../app/router.tsx';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      filename: at('store/app-store.ts'),
      code: "import { createUserSlice } from '../features/auth/user.slice.ts';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      filename: at('store/registry.ts'),
      code: "import type { MgmSlice } from '../features/mgm/mgm.slice.ts';",
      // A type-only import is a crossing too: the store's type learns the features by declaration merging.
      languageOptions: { parser: tseslint.parser },
      errors: [{ messageId: 'crossing' }],
    },
    {
      filename: at('store/session.ts'),
      code: "import { deleteReceiptPhotos } from '../features/webform/receipt/receipt-db.ts';",
      errors: [{ messageId: 'crossing' }],
    },
    { filename: at('store/app-store.ts'), code: "import '../app/store-slices.ts';", errors: [{ messageId: 'crossing' }] },
    { filename: at('store/notify.ts'), code: "export { x } from '../app/router.tsx';", errors: [{ messageId: 'crossing' }] },
    { filename: at('lib/api-client.ts'), code: "import { endSession } from '../store/session.ts';", errors: [{ messageId: 'crossing' }] },
    {
      filename: at('lib/outbox/outbox.ts'),
      code: "const kinds = import('../../features/actions/submit/outbox-kinds.ts');",
      errors: [{ messageId: 'crossing' }],
    },
    {
      filename: at('components/ui/modal.tsx'),
      code: "import { useAppStore } from '../../store/app-store.ts';",
      errors: [{ messageId: 'crossing' }],
    },
  ],
});
