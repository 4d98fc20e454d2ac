import { ActionsScreen } from '../../features/actions/components/action-pages.tsx';

/** /akcje (spec §2 Actions list) */
export function ActionsRoute() {
  return <ActionsScreen />;
}
