import type { Availability } from '@promotor/contract';
import { availabilityWindow } from '@promotor/contract/rules';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { appDay } from '../../../lib/dates/app-time-zone.ts';
import { useRequest } from '../../../lib/requests/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { calendarRequest, wallNow } from '../availability-store.ts';
import { addDays, clampStart, dayHeading, daysFrom, selectableMonths } from '../calendar-days.ts';
import { useDayCount } from '../hooks/use-day-count.ts';
import { CalendarGrid } from './calendar-grid.tsx';
import { FranchisesModal } from './franchises-modal.tsx';
import { RangeModal, type RangeTarget } from './range-modal.tsx';
import './calendar.css';

const headingOf = (day: string) => {
  const { weekday, date } = dayHeading(day);
  return `${weekday} ${date}`;
};

/**
 * spec §2 Calendar (/kalendarz). The saved blocks show at once; the window's blocks and actions reload
 * on entry. Shown: `count` days from today on (3 on a phone, 7 on a tablet), moved by the buttons or by
 * the month selector (decision 059).
 */
export function CalendarPage() {
  const now = new Date();
  const today = appDay(now);
  const lastDay = availabilityWindow(today).until.slice(0, 10);
  const count = useDayCount();
  const [wantedStart, setWantedStart] = useState(today);
  const start = clampStart(wantedStart, count, today, lastDay);
  const days = daysFrom(start, count, lastDay);
  const { list, events } = useAppStore((state) => state.availability);
  const { status, reload } = useRequest(calendarRequest);
  const [range, setRange] = useState<{ open: boolean; target: RangeTarget | null }>({ open: false, target: null });
  const [franchisesOpen, setFranchisesOpen] = useState(false);

  const months = selectableMonths(today);
  const shownMonth = start.slice(0, 7);
  const openRange = (target: RangeTarget) => setRange({ open: true, target });

  return (
    <section className="calendar-page">
      <title>{pl.pageTitle(pl.pages.calendar)}</title>
      <div className="calendar-page__top">
        <h1>{pl.pages.calendar}</h1>
        <Button variant="secondary" onClick={() => setFranchisesOpen(true)}>
          {pl.calendar.franchisesButton}
        </Button>
      </div>
      <div className="calendar-months" role="group" aria-label={pl.calendar.monthSelector}>
        {months.map((month) => (
          <button
            key={month.key}
            type="button"
            className="calendar-months__month"
            aria-pressed={month.key === shownMonth}
            onClick={() => setWantedStart(month.firstDay < today ? today : month.firstDay)}
          >
            {month.label}
          </button>
        ))}
      </div>
      <div className="calendar-nav">
        <button
          type="button"
          className="calendar-nav__step"
          aria-label={pl.calendar.previousDays}
          disabled={start <= today}
          onClick={() => setWantedStart(addDays(start, -count))}
        >
          ‹
        </button>
        <p className="calendar-nav__range" aria-live="polite">
          {headingOf(days[0] ?? start)} – {headingOf(days.at(-1) ?? start)}
        </p>
        <button
          type="button"
          className="calendar-nav__step"
          aria-label={pl.calendar.nextDays}
          disabled={(days.at(-1) ?? start) >= lastDay}
          onClick={() => setWantedStart(addDays(start, count))}
        >
          ›
        </button>
      </div>
      {status === 'loading' ? (
        <p className="calendar-page__status" role="status">
          {pl.calendar.loading}
        </p>
      ) : status === 'failed' ? (
        <div className="calendar-page__status calendar-page__status--failed">
          <p>{pl.calendar.loadFailed}</p>
          <Button variant="secondary" onClick={reload}>
            {pl.calendar.retry}
          </Button>
        </div>
      ) : null}
      <CalendarGrid
        days={days}
        blocks={list}
        events={events}
        now={wallNow(now)}
        onCell={(day, hour) => openRange({ kind: 'create', day, hour })}
        onBlock={(block: Availability) => openRange({ kind: 'edit', block })}
      />
      <RangeModal open={range.open} target={range.target} onClose={() => setRange((previous) => ({ ...previous, open: false }))} />
      <FranchisesModal open={franchisesOpen} onClose={() => setFranchisesOpen(false)} />
    </section>
  );
}
