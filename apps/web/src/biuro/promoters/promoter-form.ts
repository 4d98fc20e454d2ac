import { firstError, newPasswordRules, usernameRules } from '@promotor/contract/rules';
import * as pl from '../../i18n/pl.ts';
import type { Promoter, PromoterInput } from '../api/admin-types.ts';

/** What the promoter panel's form holds: text fields as typed, territories as chosen. */
export type PromoterFormValues = {
  firstName: string;
  lastName: string;
  username: string;
  phone: string;
  territories: string[];
  password: string;
};
export type PromoterFormErrors = Partial<Record<keyof PromoterFormValues, string>>;

export const emptyPromoterForm = (territories: string[] = []): PromoterFormValues => ({
  firstName: '',
  lastName: '',
  username: '',
  phone: '',
  // A coordinator of one territory adds promoters there: it is chosen for her.
  territories: territories.length === 1 ? [...territories] : [],
  password: '',
});

export const promoterFormOf = (promoter: Promoter): PromoterFormValues => ({
  firstName: promoter.firstName,
  lastName: promoter.lastName,
  username: promoter.username,
  phone: promoter.phone ?? '',
  territories: [...promoter.territories],
  password: '',
});

const required = (value: string) => (value.trim() ? null : pl.biuro.login.required);

/** The Polish message under each field that is wrong; the password only when one is being set. */
export function validatePromoterForm(values: PromoterFormValues, withPassword: boolean): PromoterFormErrors {
  const errors: PromoterFormErrors = {};
  const put = (name: keyof PromoterFormValues, message: string | null) => {
    if (message) errors[name] = message;
  };
  put('firstName', required(values.firstName));
  put('lastName', required(values.lastName));
  put('username', firstError(usernameRules, values.username));
  put('territories', values.territories.length ? null : pl.biuro.promoters.territoriesRequired);
  if (withPassword) put('password', firstError(newPasswordRules, values.password));
  return errors;
}

/** The body's promoter: trimmed, an empty phone as none. */
export const promoterInputOf = (values: PromoterFormValues): PromoterInput => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  username: values.username.trim(),
  phone: values.phone.trim() || null,
  territories: values.territories,
});
