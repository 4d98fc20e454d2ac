import { pl } from '../../i18n/pl.ts';
import { PageInPreparation } from './page-in-preparation.tsx';

/** /akcje (the field-actions issue builds the list) */
export function ActionsRoute() {
  return <PageInPreparation title={pl.pages.actions} />;
}
