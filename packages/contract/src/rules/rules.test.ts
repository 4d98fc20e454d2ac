import { describe, expect, it } from 'vitest';
import { characters, cashTerminalRules, firstError, newPasswordRules, passwordRules, resetCodeRules, usernameRules } from './index.ts';
import { LoginBody, ResetPasswordBody } from '../auth.ts';

describe('§5 validation rules', () => {
  it('login asks for an e-mail and a password', () => {
    expect(firstError(usernameRules, '  ')).toBe('Wpisz adres email');
    expect(firstError(passwordRules, '')).toBe('Wpisz hasło');
    expect(firstError(usernameRules, 'anna@demo.pl')).toBeNull();
  });

  it('the reminder asks for the SMS code', () => {
    expect(firstError(resetCodeRules, '')).toBe('Wpisz kod SMS');
  });

  it('a new password needs at least 8 characters', () => {
    expect(firstError(newPasswordRules, '')).toBe('Wpisz hasło');
    expect(firstError(newPasswordRules, 'krótkie')).toBe('Hasło musi mieć co najmniej 8 znaków.');
    expect(firstError(newPasswordRules, 'wystarczy')).toBeNull();
  });

  it('says a length with the Polish form of "characters" that agrees with the number', () => {
    expect([1, 2, 4, 5, 8, 12, 14, 22, 200].map(characters)).toEqual([
      '1 znak',
      '2 znaki',
      '4 znaki',
      '5 znaków',
      '8 znaków',
      '12 znaków',
      '14 znaków',
      '22 znaki',
      '200 znaków',
    ]);
  });

  it.each([
    ['', 'To pole jest wymagane'],
    ['12-3', 'Dozwolone są tylko litery i cyfry.'],
    ['A 1', 'Dozwolone są tylko litery i cyfry.'],
    ['A1', 'Wprowadź co najmniej 3 znaki.'],
    ['A1B2C', 'Wprowadź maksymalnie 4 znaki.'],
    ['ŁĄ12', null],
    ['123', null],
  ])('cash terminal %j → %s', (value, message) => {
    expect(firstError(cashTerminalRules, value)).toBe(message);
  });
});

describe('contract schemas carry the rule messages', () => {
  it('an empty login reports both Polish messages', () => {
    const result = LoginBody.safeParse({ username: '', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['username', 'Wpisz adres email'],
      ['password', 'Wpisz hasło'],
    ]);
  });

  it('a reset without a code is refused with the code message', () => {
    const result = ResetPasswordBody.safeParse({ username: 'anna@demo.pl', otp: '', password: 'dobre-haslo' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Wpisz kod SMS']);
  });
});
