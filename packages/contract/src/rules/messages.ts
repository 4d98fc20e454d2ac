import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';

// Polish validation messages of spec §5, verbatim. Web forms and the server share them.

/** 'N znak/znaki/znaków': the Polish noun agrees with the number (1 znak, 2–4 znaki, 5–21 znaków, 22 znaki…). */
export function characters(count: number): string {
  const lastDigit = count % 10;
  const lastTwo = count % 100;
  if (count === 1) return '1 znak';
  if (lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${count} znaki`;
  return `${count} znaków`;
}

export const ruleMessages = {
  emailRequired: 'Wpisz adres email',
  passwordRequired: 'Wpisz hasło',
  smsCodeRequired: 'Wpisz kod SMS',
  // Not in the spec: our rule for new passwords (docs/decisions/004-auth-tokens-and-passwords.md).
  // The lengths come from the constants the rules check, so a changed limit cannot leave a stale message.
  passwordTooShort: `Hasło musi mieć co najmniej ${characters(PASSWORD_MIN_LENGTH)}.`,
  passwordTooLong: `Hasło może mieć najwyżej ${characters(PASSWORD_MAX_LENGTH)}.`,
  fieldRequired: 'To pole jest wymagane',
  lettersAndDigitsOnly: 'Dozwolone są tylko litery i cyfry.',
  atLeast3Chars: 'Wprowadź co najmniej 3 znaki.',
  atMost4Chars: 'Wprowadź maksymalnie 4 znaki.',
  answerRequired: 'Odpowiedź jest wymagana',
  photoRequired: 'Zdjęcie jest wymagane',
  invalidEmail: 'Nieprawidłowy adres email',
  consentsRequired: 'Zaznacz wymagane zgody',
} as const;
