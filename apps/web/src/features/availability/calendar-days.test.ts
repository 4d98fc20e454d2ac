import { describe, expect, it } from 'vitest';
import { addDays, clampStart, dayHeading, dayName, daysFrom, HOURS, laneOf, placeOnDay, selectableMonths } from './calendar-days.ts';

describe('calendar days', () => {
  it('counts days across months and years', () => {
    expect(addDays('2025-11-29', 3)).toBe('2025-12-02');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
  });

  it('names a day in Polish', () => {
    expect(dayName('2025-11-25')).toBe('wtorek 25 listopada');
    expect(dayHeading('2025-11-25')).toEqual({ weekday: 'wt', date: '25.11' });
  });

  it('offers the current month and the next two, past a year end', () => {
    expect(selectableMonths('2025-11-25').map((month) => [month.label, month.firstDay])).toEqual([
      ['listopad 2025', '2025-11-01'],
      ['grudzień 2025', '2025-12-01'],
      ['styczeń 2026', '2026-01-01'],
    ]);
  });

  it('has hour cells from 6 to 21, the last ending at 22', () => {
    expect(HOURS[0]).toBe(6);
    expect(HOURS.at(-1)).toBe(21);
    expect(HOURS).toHaveLength(16);
  });

  it('keeps the shown days between today and the window end', () => {
    expect(clampStart('2025-11-20', 3, '2025-11-25', '2026-01-31')).toBe('2025-11-25');
    expect(clampStart('2026-01-31', 3, '2025-11-25', '2026-01-31')).toBe('2026-01-29');
    expect(daysFrom('2026-01-30', 3, '2026-01-31')).toEqual(['2026-01-30', '2026-01-31']);
  });

  it('places a block at 40 px per hour from 06:00', () => {
    expect(placeOnDay('2025-11-25 09:00:00', '2025-11-25 18:00:00', '2025-11-25')).toEqual({
      top: 120,
      height: 360,
      from: '09:00',
      to: '18:00',
    });
    expect(placeOnDay('2025-11-25 09:30:00', '2025-11-25 10:00:00', '2025-11-25')).toMatchObject({ top: 140, height: 20 });
  });

  it('cuts an action to the grid and to the day', () => {
    expect(placeOnDay('2025-11-25 20:00:00', '2025-11-26 08:00:00', '2025-11-25')).toMatchObject({ from: '20:00', to: '22:00' });
    expect(placeOnDay('2025-11-25 20:00:00', '2025-11-26 08:00:00', '2025-11-26')).toMatchObject({ from: '06:00', to: '08:00' });
    expect(placeOnDay('2025-11-25 04:00:00', '2025-11-25 05:30:00', '2025-11-25')).toBeNull();
    expect(placeOnDay('2025-11-24 09:00:00', '2025-11-24 10:00:00', '2025-11-25')).toBeNull();
  });

  it('gives each group of overlapping actions only the lanes it needs; an action alone keeps the whole width', () => {
    const on = (since: string, until: string) => ({ place: placeOnDay(`2025-11-25 ${since}`, `2025-11-25 ${until}`, '2025-11-25')! });
    const laned = laneOf([on('07:00:00', '09:00:00'), on('08:00:00', '10:00:00'), on('11:00:00', '13:00:00'), on('14:00:00', '15:00:00')]);
    expect(laned.map(({ lane, lanes }) => [lane, lanes])).toEqual([
      [0, 2],
      [1, 2],
      [0, 1],
      [0, 1],
    ]);
  });

  it('puts overlapping actions side by side and the next one back in the first lane', () => {
    const on = (since: string, until: string) => ({ place: placeOnDay(`2025-11-25 ${since}`, `2025-11-25 ${until}`, '2025-11-25')! });
    const laned = laneOf([on('07:00:00', '22:00:00'), on('09:00:00', '12:00:00'), on('12:00:00', '15:00:00')]);
    expect(laned.map(({ lane, lanes }) => [lane, lanes])).toEqual([
      [0, 2],
      [1, 2],
      [1, 2],
    ]);
  });
});
