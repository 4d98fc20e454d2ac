// Polish validation messages of spec §5, verbatim. Web forms and the server share them.
export const ruleMessages = {
  emailRequired: 'Wpisz adres email',
  passwordRequired: 'Wpisz hasło',
  smsCodeRequired: 'Wpisz kod SMS',
  // Not in the spec: our rule for new passwords (docs/decisions/004-auth-tokens-and-passwords.md).
  passwordTooShort: 'Hasło musi mieć co najmniej 8 znaków.',
  passwordTooLong: 'Hasło może mieć najwyżej 200 znaków.',
  fieldRequired: 'To pole jest wymagane',
  lettersAndDigitsOnly: 'Dozwolone są tylko litery i cyfry.',
  atLeast3Chars: 'Wprowadź co najmniej 3 znaki.',
  atMost4Chars: 'Wprowadź maksymalnie 4 znaki.',
  answerRequired: 'Odpowiedź jest wymagana',
  photoRequired: 'Zdjęcie jest wymagane',
  invalidEmail: 'Nieprawidłowy adres email',
  consentsRequired: 'Zaznacz wymagane zgody',
} as const;
