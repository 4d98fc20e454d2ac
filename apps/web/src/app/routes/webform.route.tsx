import * as pl from '../../i18n/pl.ts';
import { PageInPreparation } from './page-in-preparation.tsx';

/** /webform */
export function WebformRoute() {
  return <PageInPreparation title={pl.pages.webform} />;
}
