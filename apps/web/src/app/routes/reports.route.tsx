import * as pl from '../../i18n/pl.ts';
import { PageInPreparation } from './page-in-preparation.tsx';

/** /raporty */
export function ReportsRoute() {
  return <PageInPreparation title={pl.pages.reports} />;
}
