import { UserDataPage } from '../../features/user-data/components/user-data-page.tsx';
import * as pl from '../../i18n/pl.ts';

/** /user-data */
export function UserDataRoute() {
  return (
    <>
      <title>{pl.pageTitle(pl.userData.title)}</title>
      <UserDataPage />
    </>
  );
}
