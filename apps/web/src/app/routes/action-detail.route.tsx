import { pl } from '../../i18n/pl.ts';
import { PageInPreparation } from './page-in-preparation.tsx';

/** /akcja/:actionId */
export function ActionDetailRoute() {
  return <PageInPreparation title={pl.pages.actionDetail} back={{ to: '/akcje', label: pl.pages.backToActions }} />;
}
