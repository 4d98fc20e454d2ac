import * as pl from '../../i18n/pl.ts';
import { PageInPreparation } from './page-in-preparation.tsx';

/** /kalendarz */
export function CalendarRoute() {
  return <PageInPreparation title={pl.pages.calendar} />;
}
