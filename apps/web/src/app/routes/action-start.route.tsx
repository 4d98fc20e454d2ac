import { pl } from '../../i18n/pl.ts';
import { PageInPreparation } from './page-in-preparation.tsx';

/** /akcja/start/:actionId */
export function ActionStartRoute() {
  return <PageInPreparation title={pl.pages.actionStart} back={{ to: '/akcje', label: pl.pages.backToActions }} />;
}
