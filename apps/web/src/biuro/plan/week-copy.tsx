import { useState } from 'react';
import { PLAN_COPY_MAX, PLAN_COPY_SOURCES_MAX } from '@promotor/contract/rules';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import type { PlannedAction } from '../api/admin-types.ts';
import { SidePanel } from '../components/side-panel.tsx';
import { weeksAfter } from './copy-days.ts';
import { CopyOutcome, leftNames, type CopyDone } from './copy-outcome.tsx';
import { addDays, dayOf, periodLabel, periodOf } from './plan-period.ts';
import { conflictText, ScheduleConflicts } from './schedule-conflicts.tsx';
import { copyConflictText, useCopyActions } from './use-copy-actions.ts';
import './schedules.css';

// Decision 127: the week the plan shows, copied to the weeks after it — each action on the same
// weekday at the same hours, with its points, and with its promoters when asked.

const t = pl.biuroSchedule.week;
const WEEKS_MAX = 8;

type Props = {
  open: boolean;
  /** The Monday of the week shown. */
  monday: string;
  /** The plan's actions of that period (those starting in it and not cancelled are copied). */
  actions: PlannedAction[];
  onClose: () => void;
  onChanged: (message: string) => void;
};

export function WeekCopy({ open, monday, actions, onClose, onChanged }: Props) {
  const label = periodLabel(periodOf('tydzien', monday));
  return (
    <SidePanel open={open} title={t.title(label)} onClose={onClose}>
      {open ? <WeekCopyForm monday={monday} actions={actions} onChanged={onChanged} /> : null}
    </SidePanel>
  );
}

function WeekCopyForm({ monday, actions, onChanged }: Omit<Props, 'open' | 'onClose'>) {
  const sunday = addDays(monday, 6);
  const inWeek = actions.filter((a) => a.status !== 'cancelled' && dayOf(a.since) >= monday && dayOf(a.since) <= sunday);
  const territories = [...new Set(inWeek.map((a) => a.territory?.ident ?? '—'))].sort();
  const [territory, setTerritory] = useState('');
  const [weeks, setWeeks] = useState(1);
  const [withPromoters, setWithPromoters] = useState(false);
  const [done, setDone] = useState<CopyDone | null>(null);
  const copy = useCopyActions((answer) => {
    setDone({ count: answer.actions.length, left: leftNames(answer.promotersLeft) });
    onChanged(pl.biuroSchedule.copy.done(answer.actions.length));
  });
  const chosen = inWeek.filter((a) => !territory || (a.territory?.ident ?? '—') === territory);
  const targets = weeksAfter(monday, weeks);
  const tooMany = chosen.length > PLAN_COPY_SOURCES_MAX || chosen.length * targets.length > PLAN_COPY_MAX;
  const body = { actions: chosen.map((a) => ({ uuid: a.uuid })), from: monday, to: targets, promoters: withPromoters };
  const people = new Map(inWeek.flatMap((a) => a.promoters.map((p) => [p.uuid, `${p.firstname} ${p.lastname}`] as const)));
  const nameOf = (uuid: string) => people.get(uuid) ?? uuid;
  const changed = () => {
    setDone(null);
    copy.dismissConflicts();
  };

  if (inWeek.length === 0) return <p className="biuro-muted">{t.empty}</p>;
  return (
    <>
      <p className="biuro-muted">{t.intro}</p>
      <div className="field">
        <label className="field__label" htmlFor="week-copy-territory">
          {t.territory}
        </label>
        <select
          id="week-copy-territory"
          className="biuro-select"
          value={territory}
          onChange={(event) => {
            setTerritory(event.target.value);
            changed();
          }}
        >
          <option value="">{t.all}</option>
          {territories.map((ident) => (
            <option key={ident} value={ident}>
              {ident}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="week-copy-weeks">
          {t.weeks}
        </label>
        <select
          id="week-copy-weeks"
          className="biuro-select"
          value={weeks}
          onChange={(event) => {
            setWeeks(Number(event.target.value));
            changed();
          }}
        >
          {Array.from({ length: WEEKS_MAX }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <label className="plan-check">
        <input
          type="checkbox"
          checked={withPromoters}
          onChange={(event) => {
            setWithPromoters(event.target.checked);
            changed();
          }}
        />
        {pl.biuroSchedule.copy.withPromoters}
      </label>
      <div className="copy-preview" aria-live="polite">
        <p>{t.actions(chosen.length)}</p>
        <p>{t.targets(targets.map((first) => periodLabel(periodOf('tydzien', first))).join('; '))}</p>
        {tooMany ? <p className="biuro-alert">{pl.biuroSchedule.copy.tooMany(PLAN_COPY_MAX)}</p> : null}
      </div>
      {copy.failure ? (
        <p className="biuro-alert" role="alert">
          {copy.failure}
        </p>
      ) : null}
      {copy.conflicts ? (
        <ScheduleConflicts
          conflicts={copy.conflicts.list}
          nameOf={nameOf}
          textOf={(conflict) => copyConflictText(conflict, conflictText(conflict, nameOf))}
          note={
            copy.conflicts.count > copy.conflicts.list.length
              ? pl.biuroSchedule.copy.more(copy.conflicts.count - copy.conflicts.list.length)
              : undefined
          }
          confirmLabel={pl.biuroSchedule.copy.anyway}
          busy={copy.busy}
          onConfirm={() => void copy.run(body, true)}
          onCancel={copy.dismissConflicts}
        />
      ) : null}
      <CopyOutcome done={done} />
      <div className="modal__actions">
        <Button
          busy={copy.busy}
          disabled={chosen.length === 0 || tooMany || copy.conflicts !== null}
          onClick={() => void copy.run(body, false)}
        >
          {pl.biuroSchedule.copy.submit}
        </Button>
      </div>
    </>
  );
}
