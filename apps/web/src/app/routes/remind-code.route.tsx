import { RemindCodePage } from '../../features/auth/components/remind-code-page.tsx';

/** /remind/code */
export function RemindCodeRoute() {
  return <RemindCodePage />;
}
