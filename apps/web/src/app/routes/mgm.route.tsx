import * as pl from '../../i18n/pl.ts';
import { PageInPreparation } from './page-in-preparation.tsx';

/** /mgm */
export function MgmRoute() {
  return <PageInPreparation title={pl.pages.mgm} />;
}
