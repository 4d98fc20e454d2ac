import type { Availability } from '@promotor/contract';
import { atHour } from '@promotor/contract/rules';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import * as pl from '../../../i18n/pl.ts';
import type { CalendarEvent } from '../availability.slice.ts';
import { dayHeading, dayName, HOURS, hourLabel, laneOf, placeOnDay, type Placement } from '../calendar-days.ts';

export type CalendarGridProps = {
  days: string[];
  blocks: Availability[];
  events: CalendarEvent[];
  /** The wall clock now: earlier cells cannot take a block (spec §5: not in the past). */
  now: string;
  onCell: (day: string, hour: number) => void;
  onBlock: (block: Availability) => void;
};

const at = ({ top, height }: { top: number; height: number }): CSSProperties => ({ top, height });
/** Three hours: tall enough for a name written down a narrow lane. */
const VERTICAL_FROM_PX = 120;
const overlap = (a: Placement, b: Placement) => a.top < b.top + b.height && a.top + a.height > b.top;

/** spec §2 Calendar: day columns of hour cells 6–22 at 40 px per hour, her blocks and her actions on them. */
export function CalendarGrid({ days, blocks, events, now, onCell, onBlock }: CalendarGridProps) {
  return (
    <div className="calendar-grid" style={{ '--calendar-days': days.length } as CSSProperties}>
      <div className="calendar-grid__corner" aria-hidden="true" />
      {days.map((day) => {
        const { weekday, date } = dayHeading(day);
        return (
          <div key={day} className="calendar-grid__heading" aria-hidden="true">
            <span className="calendar-grid__weekday">{weekday}</span> {date}
          </div>
        );
      })}
      <div className="calendar-grid__hours" aria-hidden="true">
        {HOURS.map((hour) => (
          <div key={hour} className="calendar-grid__hour">
            {hourLabel(hour)}
          </div>
        ))}
      </div>
      {days.map((day) => (
        <DayColumn key={day} day={day} blocks={blocks} events={events} now={now} onCell={onCell} onBlock={onBlock} />
      ))}
    </div>
  );
}

type DayColumnProps = Omit<CalendarGridProps, 'days'> & { day: string };

function DayColumn({ day, blocks, events, now, onCell, onBlock }: DayColumnProps) {
  const name = dayName(day);
  const placed = blocks.flatMap((block) => {
    const place = placeOnDay(block.since.date, block.until.date, day);
    return place ? [{ block, place }] : [];
  });
  const laned = laneOf(
    events.flatMap((event) => {
      const place = placeOnDay(event.since, event.until, day);
      return place ? [{ event, place }] : [];
    }),
  );
  // An action over one of her blocks leaves the block's strip on the left: both can be seen and tapped.
  const overlapsBlock = (place: Placement) => placed.some((block) => overlap(block.place, place));
  // A cell under one of her blocks or actions opens nothing of its own: the block or the action is what
  // she taps there. Under an action, a cell would be a target hidden behind another (WCAG 2.5.8, issue 39:
  // an action's lanes leave it a 2 px edge); her availability over those hours starts at a free hour, and
  // the dialog sets its end.
  const during = (since: string, until: string, hour: number) => since < atHour(day, hour + 1) && until > atHour(day, hour);
  const covered = (hour: number) =>
    placed.some(({ block }) => during(block.since.date, block.until.date, hour)) ||
    events.some((event) => during(event.since, event.until, hour));
  return (
    <div className="calendar-day" role="group" aria-label={name}>
      {HOURS.map((hour) =>
        atHour(day, hour) < now || covered(hour) ? (
          <div key={hour} className={atHour(day, hour) < now ? 'calendar-cell calendar-cell--past' : 'calendar-cell'} />
        ) : (
          <button
            key={hour}
            type="button"
            className="calendar-cell"
            aria-label={pl.calendar.addAt(name, hourLabel(hour))}
            onClick={() => onCell(day, hour)}
          />
        ),
      )}
      {placed.map(({ block, place }) => (
        <button
          key={block.uuid}
          type="button"
          className="calendar-block"
          style={at(place)}
          aria-label={pl.calendar.block(place.from, place.to)}
          onClick={() => onBlock(block)}
        >
          <span className="calendar-block__label">{pl.calendar.availability}</span>
          <span className="calendar-block__time">
            {place.from}–{place.to}
          </span>
        </button>
      ))}
      {laned.map(({ item: { event, place }, lane, lanes }) => (
        <Link
          key={event.uuid}
          to={`/akcja/${event.uuid}`}
          // Joined here, not by components/ui/class-names.ts: that import added a preload to the
          // entry chunk's map (14 B of the login page's budget).
          className={[
            'calendar-event',
            overlapsBlock(place) && 'calendar-event--over-block',
            // A lane too narrow for a word: a tall action's name runs down it instead.
            lanes > 1 && place.height >= VERTICAL_FROM_PX && 'calendar-event--vertical',
          ]
            .filter(Boolean)
            .join(' ')}
          // The column's width (after the block's strip), shared only with the actions it overlaps.
          style={{ ...at(place), '--lane': lane, '--lanes': lanes } as CSSProperties}
          aria-label={`${event.name} ${place.from}–${place.to}`}
          title={event.name}
        >
          {event.name}
        </Link>
      ))}
    </div>
  );
}
