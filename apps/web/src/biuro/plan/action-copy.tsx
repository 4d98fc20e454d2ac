import { useState } from 'react';
import { PLAN_COPY_MAX } from '@promotor/contract/rules';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import * as pl from '../../i18n/pl.ts';
import type { PlannedAction } from '../api/admin-types.ts';
import { chosenDays, repeatDays, weekdayOf, WORKDAYS } from './copy-days.ts';
import { addDays, dayLabel, dayOf, isDay } from './plan-period.ts';
import { CopyOutcome, leftNames, type CopyDone } from './copy-outcome.tsx';
import { conflictText, ScheduleConflicts } from './schedule-conflicts.tsx';
import { copyConflictText, useCopyActions } from './use-copy-actions.ts';
import './schedules.css';

// Decision 127: an action copied to chosen days, or repeated on weekdays until a day — each copy a
// normal action with its points, and with its promoters when asked (their schedules checked, conflicts
// confirmed as in 'Przypisz').

const t = pl.biuroSchedule.copy;

type Props = { action: PlannedAction; onChanged: (message: string) => void };

export function ActionCopy({ action, onChanged }: Props) {
  const from = dayOf(action.since);
  const [mode, setMode] = useState<'days' | 'repeat'>('days');
  const [picked, setPicked] = useState(addDays(from, 1));
  const [days, setDays] = useState<string[]>([]);
  const [weekdays, setWeekdays] = useState<number[]>([weekdayOf(from)]);
  const [until, setUntil] = useState(addDays(from, 28));
  const [withPromoters, setWithPromoters] = useState(false);
  const [done, setDone] = useState<CopyDone | null>(null);
  const copy = useCopyActions((answer) => {
    setDone({ count: answer.actions.length, left: leftNames(answer.promotersLeft) });
    setDays([]);
    onChanged(t.done(answer.actions.length));
  });
  const targets = mode === 'days' ? chosenDays(days, from) : isDay(until) ? repeatDays(from, weekdays, until, PLAN_COPY_MAX + 1) : [];
  const tooMany = targets.length > PLAN_COPY_MAX;
  const body = { actions: [{ uuid: action.uuid }], from, to: targets, promoters: withPromoters };
  const nameOf = (uuid: string) => {
    const promoter = action.promoters.find((p) => p.uuid === uuid);
    return promoter ? `${promoter.firstname} ${promoter.lastname}` : uuid;
  };
  const changed = () => {
    setDone(null);
    copy.dismissConflicts();
  };
  const toggleWeekday = (day: number, on: boolean) => {
    setWeekdays((old) => (on ? [...old, day] : old.filter((d) => d !== day)));
    changed();
  };

  return (
    <section className="side-panel__section" aria-labelledby="action-copy-title">
      <h3 id="action-copy-title">{t.title}</h3>
      <p className="biuro-muted">{t.intro}</p>
      <fieldset className="plan-point">
        <legend>{t.mode}</legend>
        {(['days', 'repeat'] as const).map((value) => (
          <label key={value} className="plan-check">
            <input
              type="radio"
              name="copy-mode"
              checked={mode === value}
              onChange={() => {
                setMode(value);
                changed();
              }}
            />
            {value === 'days' ? t.modeDays : t.modeRepeat}
          </label>
        ))}
      </fieldset>
      {mode === 'days' ? (
        <>
          <div className="copy-add">
            <Field label={t.day} type="date" name="copy-day" value={picked} onChange={(event) => setPicked(event.target.value)} />
            <Button
              variant="secondary"
              disabled={!isDay(picked) || picked === from}
              onClick={() => {
                setDays((old) => chosenDays([...old, picked], from));
                setPicked(addDays(picked, 1));
                changed();
              }}
            >
              {t.addDay}
            </Button>
          </div>
          {days.length ? (
            <ul className="copy-days" aria-label={t.chosenDays}>
              {days.map((day) => (
                <li key={day}>
                  {dayLabel(day)}
                  <button
                    type="button"
                    aria-label={t.removeDay(dayLabel(day))}
                    onClick={() => {
                      setDays((old) => old.filter((d) => d !== day));
                      changed();
                    }}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <>
          <fieldset className="plan-point">
            <legend>{t.weekdays}</legend>
            <div className="copy-weekdays">
              {t.weekdayNames.map((name, day) => (
                <label key={name} className="plan-check">
                  <input type="checkbox" checked={weekdays.includes(day)} onChange={(event) => toggleWeekday(day, event.target.checked)} />
                  {name}
                </label>
              ))}
            </div>
            <Button
              variant="text"
              onClick={() => {
                setWeekdays([...WORKDAYS]);
                changed();
              }}
            >
              {t.workdays}
            </Button>
          </fieldset>
          <Field
            label={t.until}
            type="date"
            name="copy-until"
            value={until}
            min={addDays(from, 1)}
            onChange={(event) => {
              setUntil(event.target.value);
              changed();
            }}
          />
        </>
      )}
      <label className="plan-check">
        <input
          type="checkbox"
          checked={withPromoters}
          onChange={(event) => {
            setWithPromoters(event.target.checked);
            changed();
          }}
        />
        {t.withPromoters}
      </label>
      <div className="copy-preview" aria-live="polite">
        {targets.length === 0 ? (
          <p className="biuro-muted">{t.noDays}</p>
        ) : tooMany ? (
          <p className="biuro-alert">{t.tooMany(PLAN_COPY_MAX)}</p>
        ) : (
          <p>
            {t.preview(targets.length)} {targets.map(dayLabel).join('; ')}
          </p>
        )}
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
          note={copy.conflicts.count > copy.conflicts.list.length ? t.more(copy.conflicts.count - copy.conflicts.list.length) : undefined}
          confirmLabel={t.anyway}
          busy={copy.busy}
          onConfirm={() => void copy.run(body, true)}
          onCancel={copy.dismissConflicts}
        />
      ) : null}
      <CopyOutcome done={done} />
      <Button
        busy={copy.busy}
        disabled={targets.length === 0 || tooMany || copy.conflicts !== null}
        onClick={() => void copy.run(body, false)}
      >
        {t.submit}
      </Button>
    </section>
  );
}
