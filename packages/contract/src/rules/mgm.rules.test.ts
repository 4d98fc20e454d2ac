import { describe, expect, it } from 'vitest';
import { firstError, mgmEmailRules, mgmRequiredConsentRules } from './index.ts';

describe('§5 MGM rules', () => {
  it.each(['', '   ', 'anna', 'anna@', 'anna@demo', 'anna@demo.p', 'an na@demo.pl', 'anna@@demo.pl'])(
    '"%s" is not an e-mail: \'Nieprawidłowy adres email\'',
    (value) => {
      expect(firstError(mgmEmailRules, value)).toBe('Nieprawidłowy adres email');
    },
  );

  it.each(['klientka.nowa@demo.pl', 'Jan.Kowalski+mgm@poczta.example.com', ' spacje@wokol.pl '])('"%s" is an e-mail', (value) => {
    expect(firstError(mgmEmailRules, value)).toBeNull();
  });

  it('an address longer than 254 characters is refused', () => {
    expect(firstError(mgmEmailRules, `${'a'.repeat(250)}@x.pl`)).toBe('Nieprawidłowy adres email');
  });

  it("the consent confirmation needs newsletterCommercialAuthorization: 'Zaznacz wymagane zgody'", () => {
    expect(firstError(mgmRequiredConsentRules, false)).toBe('Zaznacz wymagane zgody');
    expect(firstError(mgmRequiredConsentRules, true)).toBeNull();
  });
});
