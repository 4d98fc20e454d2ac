import { characters } from './messages.ts';
import { maxLength, pattern, required, type Rule } from './rule.ts';

// Planning actions (issue 24): the fields of an action and its points, checked the same way in the
// back office's forms, in /api/admin/actions/create|update and in the CSV import (decision 087).
// Zod-free, so the web app's forms use them without loading the schemas.

/** The CSV import's header, in this order (decision 087). */
export const PLAN_CSV_COLUMNS = [
  'event',
  'name',
  'territory',
  'date',
  'from',
  'to',
  'point_code',
  'point_name',
  'street',
  'postal_code',
  'city',
  'petra_id',
  'latitude',
  'longitude',
  'promoters',
] as const;
export type PlanCsvColumn = (typeof PLAN_CSV_COLUMNS)[number];

export const PLAN_LIMITS = {
  eventIdent: 64,
  actionName: 200,
  territoryIdent: 64,
  pointName: 200,
  street: 200,
  city: 100,
  petraId: 64,
  hostessCode: 64,
} as const;

export const planMessages = {
  eventRequired: 'Podaj identyfikator wydarzenia.',
  eventIdent: `Identyfikator wydarzenia: litery, cyfry, „-”, „_” lub „.”, najwyżej ${characters(PLAN_LIMITS.eventIdent)}.`,
  nameRequired: 'Podaj nazwę akcji.',
  nameTooLong: `Nazwa akcji może mieć najwyżej ${characters(PLAN_LIMITS.actionName)}.`,
  territoryRequired: 'Podaj terytorium.',
  territoryTooLong: `Terytorium może mieć najwyżej ${characters(PLAN_LIMITS.territoryIdent)}.`,
  dateRequired: 'Podaj datę akcji.',
  dateFormat: 'Data musi mieć postać DD.MM.RRRR albo RRRR-MM-DD, np. 30.11.2026.',
  dateNotReal: 'Taka data nie istnieje.',
  timeRequired: 'Podaj godzinę.',
  timeFormat: 'Godzina musi mieć postać GG:MM, np. 9:30 albo 09:30.',
  timeNotOnClock: 'Tej godziny nie ma w tym dniu (zmiana czasu).',
  endNotAfterStart: 'Koniec akcji musi być później niż jej początek.',
  pointNameRequired: 'Podaj nazwę punktu.',
  pointNameTooLong: `Nazwa punktu może mieć najwyżej ${characters(PLAN_LIMITS.pointName)}.`,
  streetRequired: 'Podaj ulicę i numer.',
  streetTooLong: `Adres może mieć najwyżej ${characters(PLAN_LIMITS.street)}.`,
  postalCode: 'Kod pocztowy musi mieć postać 00-000.',
  cityRequired: 'Podaj miejscowość.',
  cityTooLong: `Miejscowość może mieć najwyżej ${characters(PLAN_LIMITS.city)}.`,
  petraIdTooLong: `Identyfikator Petra może mieć najwyżej ${characters(PLAN_LIMITS.petraId)}.`,
  latitude: 'Szerokość geograficzna to liczba od -90 do 90, np. 52.2297.',
  longitude: 'Długość geograficzna to liczba od -180 do 180, np. 21.0122.',
  coordinatesBoth: 'Podaj obie współrzędne albo żadnej.',
  hostessCode: 'Niepoprawny kod hostessy.',
} as const;

const EVENT_IDENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const eventIdentRules: readonly Rule[] = [
  required(planMessages.eventRequired),
  maxLength(PLAN_LIMITS.eventIdent, planMessages.eventIdent),
  pattern(EVENT_IDENT, planMessages.eventIdent),
];
export const actionNameRules: readonly Rule[] = [
  required(planMessages.nameRequired),
  maxLength(PLAN_LIMITS.actionName, planMessages.nameTooLong),
];
export const territoryIdentRules: readonly Rule[] = [
  required(planMessages.territoryRequired),
  maxLength(PLAN_LIMITS.territoryIdent, planMessages.territoryTooLong),
];
export const pointNameRules: readonly Rule[] = [
  required(planMessages.pointNameRequired),
  maxLength(PLAN_LIMITS.pointName, planMessages.pointNameTooLong),
];
export const streetRules: readonly Rule[] = [
  required(planMessages.streetRequired),
  maxLength(PLAN_LIMITS.street, planMessages.streetTooLong),
];
export const cityRules: readonly Rule[] = [required(planMessages.cityRequired), maxLength(PLAN_LIMITS.city, planMessages.cityTooLong)];
/** Optional: an empty value is no postal code. */
export const postalCodeRules: readonly Rule[] = [(v) => (v === '' || /^\d{2}-\d{3}$/.test(v) ? null : planMessages.postalCode)];
export const petraIdRules: readonly Rule[] = [maxLength(PLAN_LIMITS.petraId, planMessages.petraIdTooLong)];

/**
 * A calendar day as a person or a Polish Excel writes it — 'RRRR-MM-DD', or 'DD.MM.RRRR' with one or
 * two digits of day and month ('30.11.2026', '1.12.2026') — as 'YYYY-MM-DD', or null when it is neither
 * (decision 114). Whether the day exists is planDateRules' to say.
 */
export function planDateOf(value: string): string | null {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const polish = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  return polish ? `${polish[3]}-${polish[2]!.padStart(2, '0')}-${polish[1]!.padStart(2, '0')}` : null;
}

/** A wall-clock time 'H:MM' or 'HH:MM' (Excel may add ':00' seconds), 00:00–23:59, as 'HH:mm'; null otherwise. */
export function planTimeOf(value: string): string | null {
  const found = /^(\d{1,2}):([0-5]\d)(:00)?$/.exec(value.trim());
  if (!found || Number(found[1]) > 23) return null;
  return `${found[1]!.padStart(2, '0')}:${found[2]}`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A calendar day in one of planDateOf's forms, and a day that exists. */
export const planDateRules: readonly Rule[] = [
  required(planMessages.dateRequired),
  (value) => (planDateOf(value) === null ? planMessages.dateFormat : null),
  (value) => {
    const [year, month, day] = planDateOf(value)!.split('-').map(Number) as [number, number, number];
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const last = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
    return month >= 1 && day >= 1 && day <= last ? null : planMessages.dateNotReal;
  },
];

/** A wall-clock time in one of planTimeOf's forms. */
export const planTimeRules: readonly Rule[] = [
  required(planMessages.timeRequired),
  (value) => (planTimeOf(value) === null ? planMessages.timeFormat : null),
];

/** A coordinate as typed: a decimal with '.' or ',' (a Polish spreadsheet writes 52,2297). Null when empty. */
export function parseCoordinate(value: string, limit: 90 | 180): number | null | 'invalid' {
  const text = value.trim();
  if (text === '') return null;
  if (!/^-?\d{1,3}([.,]\d+)?$/.test(text)) return 'invalid';
  const number = Number(text.replace(',', '.'));
  return Math.abs(number) <= limit ? number : 'invalid';
}
