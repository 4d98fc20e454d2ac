import * as pl from '../../i18n/pl.ts';
import type { AdminBody, PlannedAction } from '../api/admin-types.ts';
import { dayOf, timeOf } from './plan-period.ts';

/** The action panel's form: one day, its hours, and its first point (others are kept as they are). */
export type ActionFormValues = {
  event: string;
  name: string;
  territory: string;
  date: string;
  since: string;
  until: string;
  pointName: string;
  street: string;
  postalCode: string;
  city: string;
};
export type ActionFormErrors = Partial<Record<keyof ActionFormValues, string>>;

export const emptyActionForm = (territories: string[], today: string): ActionFormValues => ({
  event: '',
  name: '',
  territory: territories.length === 1 ? territories[0]! : '',
  date: today,
  since: '10:00',
  until: '18:00',
  pointName: '',
  street: '',
  postalCode: '',
  city: '',
});

export function actionFormOf(action: PlannedAction): ActionFormValues {
  const point = action.points[0];
  return {
    event: action.event.ident,
    name: action.name,
    territory: action.territory?.ident ?? '',
    date: dayOf(action.since),
    since: timeOf(action.since),
    until: timeOf(action.until),
    pointName: point?.name ?? '',
    street: point?.streetAddress ?? '',
    postalCode: point?.postalCode ?? '',
    city: point?.cityName ?? '',
  };
}

const REQUIRED: (keyof ActionFormValues)[] = ['event', 'name', 'territory', 'date', 'since', 'until', 'pointName', 'street', 'city'];

/** What the form can tell before sending; the contract's planning rules on the server say the rest. */
export function validateActionForm(values: ActionFormValues): ActionFormErrors {
  const errors: ActionFormErrors = {};
  for (const name of REQUIRED) if (!values[name].trim()) errors[name] = pl.biuro.login.required;
  if (!errors.until && !errors.since && values.until <= values.since) errors.until = pl.biuro.plan.untilAfterSince;
  return errors;
}

type ActionInput = AdminBody<'/admin/actions/create'>['action'];

/** The body's action: the day and hours as the API's wall-clock times; other points of an action kept. */
export function actionInputOf(values: ActionFormValues, existing: PlannedAction | null): ActionInput {
  const [first, ...others] = existing?.points ?? [];
  const point = {
    ...(first ? { uuid: first.uuid, petraId: first.petraId, latitude: first.latitude, longitude: first.longitude } : {}),
    name: values.pointName.trim(),
    streetAddress: values.street.trim(),
    postalCode: values.postalCode.trim() || null,
    cityName: values.city.trim(),
  };
  return {
    event: { ident: values.event.trim() },
    name: values.name.trim(),
    territory: { ident: values.territory.trim() },
    since: `${values.date} ${values.since}:00`,
    until: `${values.date} ${values.until}:00`,
    points: [point, ...others],
  };
}
