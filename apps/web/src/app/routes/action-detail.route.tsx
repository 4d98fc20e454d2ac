import { ActionDetailScreen } from '../../features/actions/components/action-pages.tsx';

/** /akcja/:actionId (spec §2 Action detail) */
export function ActionDetailRoute() {
  return <ActionDetailScreen />;
}
