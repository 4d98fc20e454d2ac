import { firstError, newPasswordRules, usernameRules } from '@promotor/contract/rules';
import * as pl from '../../i18n/pl.ts';
import type { AdminBody, Promoter } from '../api/admin-types.ts';

type PromoterInput = Omit<AdminBody<'/admin/promoters/create'>['promoter'], 'password' | 'ident'>;

/** What the promoter panel's form holds: text fields as typed, territories as chosen. */
export type PromoterFormValues = {
  firstname: string;
  lastname: string;
  username: string;
  mobilePhone: string;
  territories: string[];
  password: string;
};
export type PromoterFormErrors = Partial<Record<keyof PromoterFormValues, string>>;

export const emptyPromoterForm = (territories: string[] = []): PromoterFormValues => ({
  firstname: '',
  lastname: '',
  username: '',
  mobilePhone: '',
  // A coordinator of one territory adds promoters there: it is chosen for her.
  territories: territories.length === 1 ? [...territories] : [],
  password: '',
});

export const promoterFormOf = (promoter: Promoter): PromoterFormValues => ({
  firstname: promoter.firstname,
  lastname: promoter.lastname,
  username: promoter.username,
  mobilePhone: promoter.mobilePhone ?? '',
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
  put('firstname', required(values.firstname));
  put('lastname', required(values.lastname));
  put('username', firstError(usernameRules, values.username));
  put('territories', values.territories.length ? null : pl.biuro.promoters.territoriesRequired);
  if (withPassword) put('password', firstError(newPasswordRules, values.password));
  return errors;
}

/** The body's promoter: trimmed, spaces out of the phone, an empty phone as none. */
export const promoterInputOf = (values: PromoterFormValues): PromoterInput => ({
  firstname: values.firstname.trim(),
  lastname: values.lastname.trim(),
  username: values.username.trim(),
  mobilePhone: values.mobilePhone.replace(/\s/g, '') || null,
  territories: values.territories,
});
