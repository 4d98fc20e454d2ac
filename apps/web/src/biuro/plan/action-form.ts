import { parseCoordinate, planMessages } from '@promotor/contract/rules';
import * as pl from '../../i18n/pl.ts';
import type { AdminBody, PlannedAction } from '../api/admin-types.ts';
import { dayOf, timeOf } from './plan-period.ts';

/** One point of the form, as typed: coordinates as text (a decimal point or comma, as in the import). */
export type PointFormValues = {
  /** A point the action has (kept, with what was done at it); none: a new one. */
  uuid?: string;
  /** The register's point picked for it (issue 34): its name and address are the register's. */
  code?: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  petraId: string;
  latitude: string;
  longitude: string;
};

/** The action panel's form: one day, its hours, its points (issue 33: as many as the import takes). */
export type ActionFormValues = {
  event: string;
  name: string;
  territory: string;
  date: string;
  since: string;
  until: string;
  points: PointFormValues[];
};
type ActionField = Exclude<keyof ActionFormValues, 'points'>;
type PointField = Exclude<keyof PointFormValues, 'uuid' | 'code'>;
/** Errors by the control's name: 'event', 'points.1.latitude'. */
export type ActionFormErrors = Partial<Record<ActionField | `points.${number}.${PointField}`, string>>;

export const emptyPoint = (): PointFormValues => ({
  name: '',
  street: '',
  postalCode: '',
  city: '',
  petraId: '',
  latitude: '',
  longitude: '',
});

export const emptyActionForm = (territories: string[], today: string): ActionFormValues => ({
  event: '',
  name: '',
  territory: territories.length === 1 ? territories[0]! : '',
  date: today,
  since: '10:00',
  until: '18:00',
  points: [emptyPoint()],
});

const text = (n: number | null) => (n === null ? '' : String(n));

/** A point of the form picked from the register: its name, address and coordinates the register's (issue 34). */
export const pointFromRegister = (
  point: {
    code: string;
    name: string;
    streetAddress: string;
    postalCode: string | null;
    cityName: string;
    latitude: number | null;
    longitude: number | null;
  },
  kept: PointFormValues,
): PointFormValues => ({
  ...kept,
  code: point.code,
  name: point.name,
  street: point.streetAddress,
  postalCode: point.postalCode ?? '',
  city: point.cityName,
  latitude: text(point.latitude),
  longitude: text(point.longitude),
});

export function actionFormOf(action: PlannedAction): ActionFormValues {
  return {
    event: action.event.ident,
    name: action.name,
    territory: action.territory?.ident ?? '',
    date: dayOf(action.since),
    since: timeOf(action.since),
    until: timeOf(action.until),
    points: action.points.map((p) => ({
      uuid: p.uuid,
      name: p.name,
      street: p.streetAddress,
      postalCode: p.postalCode ?? '',
      city: p.cityName,
      petraId: p.petraId ?? '',
      latitude: text(p.latitude),
      longitude: text(p.longitude),
    })),
  };
}

const REQUIRED: ActionField[] = ['event', 'name', 'territory', 'date', 'since', 'until'];
const POINT_REQUIRED: PointField[] = ['name', 'street', 'city'];

/** What the form can tell before sending; the contract's planning rules on the server say the rest. */
export function validateActionForm(values: ActionFormValues): ActionFormErrors {
  const errors: ActionFormErrors = {};
  for (const name of REQUIRED) if (!values[name].trim()) errors[name] = pl.biuro.login.required;
  if (!errors.until && !errors.since && values.until <= values.since) errors.until = pl.biuro.plan.untilAfterSince;
  values.points.forEach((point, i) => {
    for (const name of POINT_REQUIRED) if (!point[name].trim()) errors[`points.${i}.${name}`] = pl.biuro.login.required;
    const latitude = parseCoordinate(point.latitude, 90);
    const longitude = parseCoordinate(point.longitude, 180);
    if (latitude === 'invalid') errors[`points.${i}.latitude`] = planMessages.latitude;
    if (longitude === 'invalid') errors[`points.${i}.longitude`] = planMessages.longitude;
    if (latitude !== 'invalid' && longitude !== 'invalid' && (latitude === null) !== (longitude === null)) {
      errors[`points.${i}.${latitude === null ? 'latitude' : 'longitude'}`] = planMessages.coordinatesBoth;
    }
  });
  return errors;
}

type ActionInput = AdminBody<'/admin/actions/create'>['action'];

const coordinate = (value: string, limit: 90 | 180) => {
  const parsed = parseCoordinate(value, limit);
  return parsed === 'invalid' ? null : parsed;
};

/** The body's action: the day and hours as the API's wall-clock times; each point by its uuid when it has one. */
export function actionInputOf(values: ActionFormValues): ActionInput {
  return {
    event: { ident: values.event.trim() },
    name: values.name.trim(),
    territory: { ident: values.territory.trim() },
    since: `${values.date} ${values.since}:00`,
    until: `${values.date} ${values.until}:00`,
    points: values.points.map((p) => ({
      ...(p.uuid ? { uuid: p.uuid } : {}),
      ...(p.code ? { code: p.code } : {}),
      name: p.name.trim(),
      streetAddress: p.street.trim(),
      postalCode: p.postalCode.trim() || null,
      cityName: p.city.trim(),
      petraId: p.petraId.trim() || null,
      latitude: coordinate(p.latitude, 90),
      longitude: coordinate(p.longitude, 180),
    })),
  };
}
