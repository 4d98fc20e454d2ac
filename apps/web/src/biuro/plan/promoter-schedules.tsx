import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import type { PlannedAction, PromoterSchedule } from '../api/admin-types.ts';
import { LoadingState } from '../components/data-states.tsx';
import { dayLabel, dayOf } from './plan-period.ts';
import { spanText, timelineOf, type Timeline } from './schedule-timeline.ts';
import { useSchedules } from './use-schedules.ts';
import './schedules.css';

// Decision 126: beside an action being planned, each promoter of its territory with the availability
// she declared in her phone's calendar (spec §2) and her other actions on its day — a small timeline
// and the same in words — and what assigning her would meet. The server's check on assigning stays
// the rule (decision 113); this is what the coordinator reads before she chooses.

const t = pl.biuroSchedule.schedules;

type Props = {
  action: PlannedAction;
  busy: boolean;
  /** Assign her (the panel's assign, with its confirmation of conflicts); none: no buttons. */
  onAssign?: (uuid: string, name: string) => void;
};

export function PromoterSchedules({ action, busy, onAssign }: Props) {
  const territory = action.territory?.ident;
  const assigned = action.promoters
    .filter((p) => !p.cancelled)
    .map((p) => p.uuid)
    .join(',');
  const body = territory ? { territory, since: action.since, until: action.until, action: { uuid: action.uuid } } : null;
  // Read again when who is on the action changes (an assignment here, or one undone).
  const { schedules, loading } = useSchedules(body, assigned);
  const day = dayOf(action.since);
  return (
    <section className="side-panel__section" aria-labelledby="schedules-title">
      <h3 id="schedules-title">{t.titleOn(dayLabel(day) + (dayOf(action.until) !== day ? ` – ${dayLabel(dayOf(action.until))}` : ''))}</h3>
      {schedules === null ? (
        loading ? (
          <LoadingState />
        ) : null
      ) : schedules.promoters.length === 0 ? (
        <p className="biuro-muted">{t.none}</p>
      ) : (
        <ScheduleList action={action} schedules={schedules} busy={busy} onAssign={onAssign} />
      )}
    </section>
  );
}

function ScheduleList({
  action,
  schedules,
  busy,
  onAssign,
}: Omit<Props, 'action'> & { action: PlannedAction; schedules: NonNullable<ReturnType<typeof useSchedules>['schedules']> }) {
  const timeline = timelineOf(schedules.days, [action, ...schedules.promoters.flatMap((p) => [...p.availability, ...p.actions])]);
  return (
    <>
      <p className="biuro-muted schedule-legend">{t.legend}</p>
      <div className="schedule-axis" aria-hidden="true">
        {timeline.ticks.map((tick) => (
          // An hour at either end stays inside the bar's width.
          <span key={tick.at} style={{ left: `${tick.at}%`, transform: `translateX(${tick.at < 3 ? 0 : tick.at > 97 ? -100 : -50}%)` }}>
            {tick.label}
          </span>
        ))}
      </div>
      <ul className="schedule-list">
        {schedules.promoters.map((schedule) => (
          <ScheduleRow
            key={schedule.promoter.uuid}
            schedule={schedule}
            action={action}
            timeline={timeline}
            busy={busy}
            onAssign={action.status === 'cancelled' ? undefined : onAssign}
          />
        ))}
      </ul>
    </>
  );
}

type RowProps = { schedule: PromoterSchedule; action: PlannedAction; timeline: Timeline; busy: boolean; onAssign: Props['onAssign'] };

function ScheduleRow({ schedule, action, timeline, busy, onAssign }: RowProps) {
  const { promoter, availability, actions, conflicts } = schedule;
  const name = `${promoter.firstname} ${promoter.lastname}`;
  const bar = (span: { since: string; until: string }) => {
    const { left, width } = timeline.place(span);
    return { left: `${left}%`, width: `${width}%` };
  };
  const overlapping = (other: { since: string; until: string }) => other.since < action.until && action.since < other.until;
  const words = [
    availability.length ? t.available(availability.map(spanText).join(', ')) : t.noAvailability,
    actions.length ? t.others(actions.map((a) => `„${a.name}” ${spanText(a)}`).join(', ')) : t.noOthers,
  ];
  return (
    <li className="schedule-row">
      <div className="schedule-row__head">
        <span>
          <strong>{name}</strong> <span className="biuro-muted">({promoter.ident})</span>
        </span>
        <span className="schedule-row__state">
          {schedule.assigned ? (
            <span className="schedule-chip schedule-chip--assigned">{t.assigned}</span>
          ) : conflicts.length ? (
            conflicts.map((kind) => (
              <span key={kind} className="schedule-chip schedule-chip--conflict">
                {t.conflicts[kind] ?? kind}
              </span>
            ))
          ) : (
            <span className="schedule-chip schedule-chip--free">{t.free}</span>
          )}
          {onAssign && !schedule.assigned ? (
            <Button
              variant="secondary"
              className="biuro-row-button"
              busy={busy}
              aria-label={t.assignWho(name)}
              onClick={() => onAssign(promoter.uuid, name)}
            >
              {t.assign}
            </Button>
          ) : null}
        </span>
      </div>
      <div className="schedule-bar" aria-hidden="true">
        {availability.map((block) => (
          <span key={block.since} className="schedule-bar__block" style={bar(block)} />
        ))}
        {actions.map((other) => (
          <span
            key={other.uuid}
            className={`schedule-bar__action${overlapping(other) ? ' schedule-bar__action--overlap' : ''}`}
            style={bar(other)}
            title={other.name}
          />
        ))}
        <span className="schedule-bar__this" style={bar(action)} />
      </div>
      <p className="schedule-row__words">{words.join(' · ')}</p>
    </li>
  );
}
