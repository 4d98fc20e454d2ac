import { AVAILABILITY_DEFAULT_TO_HOUR, AVAILABILITY_MAX_HOUR, AVAILABILITY_MIN_HOUR } from '@promotor/contract/constants';
import { availabilityRefusal, atHour, ruleMessages, type Rule } from '@promotor/contract/rules';
import * as pl from '../../i18n/pl.ts';
import type { FormErrors } from '../../lib/forms/use-form-kit.ts';

// The popup's checks (spec §5 Availability: hours 6 to 22): the contract's availabilityRefusal, the same
// rules the server applies, with the same Polish messages as its refusals. Overlap only the server sees.

export type RangeValues = { fromHour: string; toHour: string };

const hourOf = (value: string): number | null => (/^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : null);

const withinHours: Rule = (value) => {
  const hour = hourOf(value);
  return hour !== null && hour >= AVAILABILITY_MIN_HOUR && hour <= AVAILABILITY_MAX_HOUR
    ? null
    : pl.fieldErrors.E_AVAILABILITY_OUTSIDE_HOURS;
};
const filled: Rule = (value) => (value.trim() === '' ? ruleMessages.fieldRequired : null);

export const rangeRules = { fromHour: [filled, withinHours], toHour: [filled, withinHours] };

/** The range the values mean on `day`, or null while an hour is not a number. */
export function rangeOf(day: string, { fromHour, toHour }: RangeValues): { since: string; until: string } | null {
  const from = hourOf(fromHour);
  const to = hourOf(toHour);
  return from === null || to === null ? null : { since: atHour(day, from), until: atHour(day, to) };
}

/** The refusal the server would give for the range, under the field it concerns. */
export function rangeProblems(day: string, values: RangeValues, now: string): FormErrors {
  const range = rangeOf(day, values);
  if (!range || withinHours(values.fromHour) || withinHours(values.toHour)) return {};
  const refusal = availabilityRefusal(range.since, range.until, now);
  if (refusal === null) return {};
  const message = pl.fieldErrors[refusal];
  return refusal === 'E_AVAILABILITY_IN_PAST' ? { fromHour: message } : { toHour: message };
}

/** §9 default 09:00–18:00: a tapped hour starts the range, which ends at 18:00 or, from 18:00 on, an hour later. */
export function defaultRange(hour: number): RangeValues {
  const to = hour < AVAILABILITY_DEFAULT_TO_HOUR ? AVAILABILITY_DEFAULT_TO_HOUR : Math.min(hour + 1, AVAILABILITY_MAX_HOUR);
  return { fromHour: String(hour), toHour: String(to) };
}
