import type { CsvColumn } from '../../lib/csv-file.ts';
import type { HoursFlag, HoursFlagKind, HoursLine } from './hours-lines.ts';

// hours.csv's columns (decision 128): Polish headers, figures in whole minutes. A minute count is a
// whole number in every locale — Polish Excel reads '7.75' as a date, a '7,75' would be rounded and
// stop adding up, and a '-0:15' would start like a formula — and sums to the total exactly.

/** The kinds' names, as the live day says them, for the total's count of each. */
const FLAG_NAMES: Record<HoursFlagKind, string> = {
  not_started: 'Nie rozpoczęta',
  started_early: 'Start długo przed planem',
  past_planned_end: 'Po planowanym końcu',
  short_shift: 'Bardzo krótka zmiana',
  started_late: 'Spóźniony start',
  ended_early: 'Wcześniejszy koniec',
  running: 'W trakcie',
};

/** '1 godz. 15 min', as the live day's queue says it. */
const span = (minutes: number) => {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} godz.${rest ? ` ${rest} min` : ''}`;
};

/** One flag of a day in words, with its minutes where the rule gives them. */
function flagWords(flag: HoursFlag): string {
  const m = flag.minutes ?? 0;
  switch (flag.kind) {
    case 'started_early':
      return `Start ${span(m)} przed planem`;
    case 'past_planned_end':
      return `${span(m)} po planowanym końcu`;
    case 'short_shift':
      return `Bardzo krótka zmiana: ${span(m)}`;
    case 'started_late':
      return `Start ${span(m)} po planie`;
    case 'ended_early':
      return `Koniec ${span(m)} przed planem`;
    case 'running':
      return 'W trakcie, bez zakończenia';
    case 'not_started':
      return FLAG_NAMES.not_started;
  }
}

/** A day: each flag with its action's ident; her total: how many of each kind. */
function flagsCell(line: HoursLine): string | null {
  if (line.flags.length === 0) return null;
  if (line.day !== null) return line.flags.map((f) => `${f.actionIdent}: ${flagWords(f)}`).join('; ');
  const counts = new Map<HoursFlagKind, number>();
  for (const f of line.flags) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
  return (Object.keys(FLAG_NAMES) as HoursFlagKind[])
    .filter((kind) => counts.has(kind))
    .map((kind) => `${FLAG_NAMES[kind]}: ${counts.get(kind)}`)
    .join('; ');
}

/** Whether her reports of the line are approved: all, none, or some. */
function approvedCell(line: HoursLine): string {
  if (line.approvedActions === line.actions) return 'tak';
  return line.approvedActions === 0 ? 'nie' : 'częściowo';
}

/** The word of her total row in the day's column. */
export const TOTAL_DAY = 'Razem';

export const hoursColumns: CsvColumn<HoursLine>[] = [
  { header: 'Kod hostessy', cell: (l) => l.hostessCode },
  { header: 'Promotorka', cell: (l) => `${l.firstname} ${l.lastname}`.trim() },
  { header: 'Dzień', cell: (l) => l.day ?? TOTAL_DAY },
  { header: 'Akcje', cell: (l) => l.actions },
  { header: 'Plan (min)', cell: (l) => l.plannedMinutes },
  { header: 'Czas pracy (min)', cell: (l) => l.workedMinutes },
  { header: 'Różnica (min)', cell: (l) => l.workedMinutes - l.plannedMinutes },
  { header: 'Zatwierdzone akcje', cell: (l) => l.approvedActions },
  { header: 'Czas zatwierdzony (min)', cell: (l) => l.approvedMinutes },
  { header: 'Zatwierdzone', cell: approvedCell },
  { header: 'Uwagi', cell: flagsCell },
];
