import * as pl from '../../i18n/pl.ts';
import { PageInPreparation } from './page-in-preparation.tsx';

/** /photos */
export function PhotosRoute() {
  return <PageInPreparation title={pl.pages.photos} />;
}
