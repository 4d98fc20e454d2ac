import {
  chainRules,
  cityRules,
  firstError,
  parseCoordinate,
  planMessages,
  pointCodeOf,
  pointCodeRules,
  pointMessages,
  pointNameRules,
  pointNotesRules,
  postalCodeRules,
  streetRules,
  type Rule,
} from '@promotor/contract/rules';
import * as pl from '../../i18n/pl.ts';
import type { AdminBody, RegisterPoint } from '../api/admin-types.ts';

// The point panel's form (issue 34): text as typed, checked by the contract's rules — the ones the
// server and the register's import apply — before it is sent.

export type PointFormValues = {
  territory: string;
  code: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  latitude: string;
  longitude: string;
  chain: string;
  notes: string;
};
export type PointFormErrors = Partial<Record<keyof PointFormValues, string>>;

/** A coordinator of one territory adds her points there: it is chosen for her. */
export const emptyPointForm = (territories: readonly string[]): PointFormValues => ({
  territory: territories.length === 1 ? territories[0]! : '',
  code: '',
  name: '',
  street: '',
  postalCode: '',
  city: '',
  latitude: '',
  longitude: '',
  chain: '',
  notes: '',
});

const text = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

export const pointFormOf = (point: RegisterPoint): PointFormValues => ({
  territory: point.territory.ident,
  code: point.code,
  name: point.name,
  street: point.streetAddress,
  postalCode: point.postalCode ?? '',
  city: point.cityName,
  latitude: text(point.latitude),
  longitude: text(point.longitude),
  chain: point.chain ?? '',
  notes: point.notes ?? '',
});

const RULES: [keyof PointFormValues, readonly Rule[]][] = [
  ['code', pointCodeRules],
  ['name', pointNameRules],
  ['street', streetRules],
  ['postalCode', postalCodeRules],
  ['city', cityRules],
  ['chain', chainRules],
  ['notes', pointNotesRules],
];

/** The coordinates typed, as numbers: null for none, 'invalid' for what is not a coordinate. */
export const coordinatesOf = (values: Pick<PointFormValues, 'latitude' | 'longitude'>) => ({
  latitude: parseCoordinate(values.latitude, 90),
  longitude: parseCoordinate(values.longitude, 180),
});

/** The Polish message under each wrong field; an existing point's code may not be emptied. */
export function validatePointForm(values: PointFormValues, existing: boolean): PointFormErrors {
  const errors: PointFormErrors = {};
  if (!values.territory) errors.territory = pl.biuroPoints.form.chooseTerritory;
  for (const [name, rules] of RULES) {
    const message = firstError(rules, values[name].trim());
    if (message) errors[name] = message;
  }
  if (existing && !values.code.trim()) errors.code = pointMessages.codeRequired;
  const { latitude, longitude } = coordinatesOf(values);
  if (latitude === 'invalid') errors.latitude = planMessages.latitude;
  if (longitude === 'invalid') errors.longitude = planMessages.longitude;
  if (latitude !== 'invalid' && longitude !== 'invalid' && (latitude === null) !== (longitude === null)) {
    errors[latitude === null ? 'latitude' : 'longitude'] = planMessages.coordinatesBoth;
  }
  return errors;
}

type PointFields = Omit<AdminBody<'/admin/points/update'>['point'], 'uuid' | 'code'>;

const number = (value: number | null | 'invalid') => (value === 'invalid' ? null : value);

/** The body's fields: trimmed, an empty optional text as none, the coordinates as numbers. */
export function pointFieldsOf(values: PointFormValues): PointFields {
  const { latitude, longitude } = coordinatesOf(values);
  return {
    name: values.name.trim(),
    streetAddress: values.street.trim(),
    postalCode: values.postalCode.trim() || null,
    cityName: values.city.trim(),
    latitude: number(latitude),
    longitude: number(longitude),
    chain: values.chain.trim() || null,
    notes: values.notes.trim() || null,
  };
}

/** The code as the server keeps it (capitals), or none for the server to make one. */
export const pointCodeInput = (values: PointFormValues) => pointCodeOf(values.code) || null;
