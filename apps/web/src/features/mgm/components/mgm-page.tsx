import { useEffect } from 'react';
import * as pl from '../../../i18n/pl.ts';
import { useRequest } from '../../../lib/requests/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { maybeJoinRequest, recoverInterrupted } from '../mgm-store.ts';
import { MgmFlow } from './mgm-flow.tsx';
import { MgmRanking } from './mgm-ranking.tsx';
import './mgm.css';

/** spec §2 Member-get-member (/mgm): her points and place, and the flow driven by the §4 status. */
export function MgmPage() {
  const state = useAppStore((s) => s.mgm);
  const maybeJoin = useRequest(maybeJoinRequest);
  useEffect(recoverInterrupted, []);

  return (
    <section className="mgm-page">
      <title>{pl.pageTitle(pl.pages.mgm)}</title>
      <h1>{pl.pages.mgm}</h1>
      <MgmRanking ranking={state.ranking} view={maybeJoin} />
      <MgmFlow state={state} maybeJoin={maybeJoin} />
    </section>
  );
}
