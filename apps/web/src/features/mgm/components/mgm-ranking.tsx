import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import type { RequestView } from '../../../lib/requests/index.ts';
import type { MgmState } from '../mgm.slice.ts';

const t = pl.mgm;

/** Her points balance and ranking position: the saved ones at once, the server's when maybe-join answers. */
export function MgmRanking({ ranking, view }: { ranking: MgmState['ranking']; view: RequestView }) {
  return (
    <section className="mgm-ranking" aria-labelledby="mgm-ranking-title">
      <h2 id="mgm-ranking-title">{t.ranking}</h2>
      <dl className="mgm-ranking__figures">
        <div>
          <dt>{t.balance}</dt>
          <dd>{t.points(ranking.balance)}</dd>
        </div>
        <div>
          <dt>{t.position}</dt>
          <dd>{t.place(ranking.position)}</dd>
        </div>
      </dl>
      {view.status === 'failed' ? (
        <div className="mgm-ranking__failed">
          <p>{t.rankingFailed}</p>
          <Button variant="secondary" onClick={view.reload}>
            {t.retry}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
