import * as pl from '../../i18n/pl.ts';
import type { AdminData } from '../api/admin-types.ts';
import type { ActionFormValues } from './action-form.ts';
import { isDay } from './plan-period.ts';
import { spanText } from './schedule-timeline.ts';
import { useSchedules } from './use-schedules.ts';

type Promoter = AdminData<'/admin/promoters/list'>['promoters'][number];

type Props = {
  /** The active promoters of the action's territory; null while it is not chosen. */
  promoters: Promoter[] | null;
  chosen: string[];
  onChange: (chosen: string[]) => void;
  /** The action's territory and times as typed, when complete: each promoter's schedule then (decision 126). */
  span?: { territory: string; since: string; until: string } | null;
};

const isTime = (text: string) => /^\d{2}:\d{2}$/.test(text);

/** The form's territory and times when they are complete enough to read schedules for, else null. */
export function spanOfForm(values: Pick<ActionFormValues, 'territory' | 'date' | 'since' | 'until'>) {
  const territory = values.territory.trim();
  if (!territory || !isDay(values.date) || !isTime(values.since) || !isTime(values.until) || values.until <= values.since) return null;
  return { territory, since: `${values.date} ${values.since}:00`, until: `${values.date} ${values.until}:00` };
}

/** A new action's promoters, assigned with it (as the import assigns them): those of its territory. */
export function ActionPromoterChoice({ promoters, chosen, onChange, span = null }: Props) {
  const { schedules } = useSchedules(promoters?.length ? span : null);
  const hintOf = (uuid: string) => {
    const schedule = schedules?.promoters.find((p) => p.promoter.uuid === uuid);
    if (!schedule) return null;
    const t = pl.biuroSchedule.schedules;
    const kinds = schedule.conflicts.map((kind) => t.conflicts[kind] ?? kind);
    const available = schedule.availability.length ? t.available(schedule.availability.map(spanText).join(', ')) : null;
    return [kinds.length ? kinds.join(', ') : t.free, available].filter(Boolean).join(' · ');
  };
  return (
    <fieldset className="plan-point plan-promoter-choice">
      <legend>{pl.biuro.plan.assigned}</legend>
      {promoters === null ? (
        <p className="biuro-muted">{pl.biuro.plan.chooseTerritoryFirst}</p>
      ) : promoters.length === 0 ? (
        <p className="biuro-muted">{pl.biuro.plan.noPromotersHere}</p>
      ) : (
        promoters.map((promoter) => (
          <label key={promoter.uuid} className="plan-check">
            <input
              type="checkbox"
              name="promoters"
              value={promoter.uuid}
              checked={chosen.includes(promoter.uuid)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, promoter.uuid] : chosen.filter((uuid) => uuid !== promoter.uuid))
              }
            />
            <span>
              {promoter.firstname} {promoter.lastname} <span className="biuro-muted">({promoter.ident})</span>
              {hintOf(promoter.uuid) ? <span className="biuro-muted"> — {hintOf(promoter.uuid)}</span> : null}
            </span>
          </label>
        ))
      )}
    </fieldset>
  );
}
