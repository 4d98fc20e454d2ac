import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { useStaffSession } from '../auth/staff-session.ts';
import { ErrorState, EmptyState, LoadingState } from '../components/data-states.tsx';
import { FilterBar, SelectFilter } from '../components/filter-bar.tsx';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import type { TableViewSpec } from '../lib/table-url-state.ts';
import { useCheckedExceptions } from './checked-exceptions.ts';
import { LiveActionList } from './live-action-list.tsx';
import { LiveExceptions } from './live-exceptions.tsx';
import { LiveMap, type MapFocus } from './live-map.tsx';
import { LivePendingFiles } from './live-pending-files.tsx';
import { LivePhones } from './live-phones.tsx';
import { territoryOptions, wallTime, type LiveException } from './live-view.ts';
import { useLiveQuery } from './use-live-query.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import './live.css';

const LIVE_VIEW: TableViewSpec<'terytorium'> = { filters: ['terytorium'] };
const NO_EXCEPTIONS: LiveException[] = [];

/** 'Odświeżono 10:32 (20 s temu)', or why the data may be old. */
function RefreshState({ live }: { live: ReturnType<typeof useLiveQuery> }) {
  const { refreshedAt, now, status, visible } = live;
  return (
    <div className="live-refresh">
      <p role="status" className={status === 'failed' ? 'live-refresh__failed' : undefined}>
        {status === 'failed' ? `${pl.biuroLive.refreshFailed} ` : null}
        {refreshedAt
          ? pl.biuroLive.refreshedAt(
              wallTime(new Date(refreshedAt).toISOString()),
              pl.biuroLive.agoSeconds(Math.max(0, Math.round((now - refreshedAt) / 1000))),
            )
          : null}
        {status === 'loading' && refreshedAt ? ` · ${pl.biuroLive.refreshing}` : null}
      </p>
      <p className="biuro-muted">{visible ? pl.biuroLive.autoRefresh : pl.biuroLive.paused}</p>
    </div>
  );
}

/** /biuro/na-zywo: today's actions on a map and beside it, the exceptions, what waits on the phones. */
export function LivePage() {
  const { session } = useStaffSession();
  const { view, setFilter, clearFilters } = useTableUrlState(LIVE_VIEW);
  const territory = view.filters.terytorium;
  const live = useLiveQuery(territory ? { territory } : {});
  const me = useMemo(
    () => ({ uuid: session?.staff.uuid ?? '', name: session ? `${session.staff.firstname} ${session.staff.lastname}`.trim() : '' }),
    [session],
  );
  const checks = useCheckedExceptions(live.data?.exceptions ?? NO_EXCEPTIONS, me, live.reload);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [seen, setSeen] = useState<string[]>([]);
  const data = live.data;

  usePageTitle(pl.biuroLive.title);

  // An admin has no list of territories: those the answers named are the choice.
  useEffect(() => {
    const named = (data?.actions ?? []).flatMap((action) => (action.territory ? [action.territory.ident] : []));
    setSeen((old) => (named.every((ident) => old.includes(ident)) ? old : [...new Set([...old, ...named])]));
  }, [data]);
  const options = useMemo(() => territoryOptions(session?.staff.territories ?? [], seen), [session, seen]);
  const show = (id: string) => setFocus((old) => ({ id, seq: (old?.seq ?? 0) + 1 }));

  return (
    <section aria-labelledby="live-title" className="live-page">
      <div className="biuro-page-head">
        <h1 id="live-title">{pl.biuroLive.title}</h1>
        <div className="biuro-page-head__actions">
          <Button variant="secondary" onClick={live.reload} busy={live.status === 'loading' && Boolean(data)}>
            {pl.biuroLive.refresh}
          </Button>
        </div>
      </div>
      <p className="biuro-muted">{pl.biuroLive.intro}</p>
      <FilterBar onClear={clearFilters}>
        <SelectFilter
          label={pl.biuroLive.territory}
          value={territory}
          onChange={(value) => setFilter('terytorium', value)}
          options={options.map((code) => ({ value: code, label: code }))}
        />
        <RefreshState live={live} />
      </FilterBar>
      {!data ? (
        live.status === 'failed' ? (
          <ErrorState message={live.message} onRetry={live.reload} />
        ) : (
          <LoadingState />
        )
      ) : (
        <>
          <LivePendingFiles pending={data.pendingFiles} now={live.now} />
          {data.map.tileUrl ? null : <p className="biuro-muted live-note">{pl.biuroLive.map.noTiles}</p>}
          <div className="live-grid">
            <div className="live-map-box">
              <LiveMap answer={data} focus={focus} describedBy={data.actions.length ? 'live-map-note' : undefined} />
              <ul className="live-legend" aria-label={pl.biuroLive.map.legend}>
                <li>
                  <span className="live-marker live-marker--point live-marker--legend" aria-hidden="true">
                    ⚑
                  </span>
                  {pl.biuroLive.map.legendPoint}
                </li>
                <li>
                  <span className="live-marker live-marker--promoter live-marker--legend" aria-hidden="true">
                    {pl.biuroLive.map.legendInitials}
                  </span>
                  {pl.biuroLive.map.legendPromoter}
                </li>
                <li>
                  <span className="live-marker live-marker--group live-marker--legend" aria-hidden="true">
                    2
                  </span>
                  {pl.biuroLive.map.legendGroup}
                </li>
              </ul>
              {/* The map is not the only way (issue 39): the list says the same, by keyboard and screen reader too. */}
              {data.actions.length ? (
                <p id="live-map-note" className="biuro-muted live-note">
                  {pl.biuroLive.map.listNote} <a href="#live-list-title">{pl.biuroLive.map.toList}</a>
                </p>
              ) : null}
            </div>
            {data.actions.length === 0 ? (
              <EmptyState text={pl.biuroLive.noActions} />
            ) : (
              <LiveActionList actions={data.actions} now={live.now} onShow={show} />
            )}
          </div>
          <div className="live-lower">
            <LiveExceptions
              exceptions={checks.exceptions}
              actions={data.actions}
              onCheck={checks.set}
              failure={checks.failure}
              now={live.now}
              onShow={show}
            />
            <LivePhones actions={data.actions} now={live.now} />
          </div>
        </>
      )}
    </section>
  );
}
