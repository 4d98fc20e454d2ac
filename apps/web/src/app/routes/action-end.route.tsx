import { pl } from '../../i18n/pl.ts';
import { PageInPreparation } from './page-in-preparation.tsx';

/** /akcja/koniec/:actionId */
export function ActionEndRoute() {
  return <PageInPreparation title={pl.pages.actionEnd} back={{ to: '/akcje', label: pl.pages.backToActions }} />;
}
