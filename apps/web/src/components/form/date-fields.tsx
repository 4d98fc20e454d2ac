import { MIN_BIRTH_DATE } from '@promotor/contract/constants';
import * as pl from '../../i18n/pl.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

type Props = Omit<TextFieldProps, 'type' | 'min' | 'max' | 'placeholder' | 'inputMode'>;

/** spec §5 birth date: a date input from 1904-01-01 to today (the app's today), value 'YYYY-MM-DD' or ''. */
export function BirthDateField(props: Props) {
  return <TextField {...props} type="date" min={MIN_BIRTH_DATE} max={appDay(new Date())} autoComplete="bday" />;
}

/** The 99-999 mask: digits only, at most five, the dash after the second. */
export function maskPostalCode(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 5);
  return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

/** spec §5 postal code: mask 99-999, placeholder xx-xxx. */
export function PostalCodeField({ onChange, ...props }: Props) {
  return (
    <TextField
      {...props}
      onChange={(typed) => onChange(maskPostalCode(typed))}
      placeholder={pl.forms.postalCodePlaceholder}
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={6}
    />
  );
}
