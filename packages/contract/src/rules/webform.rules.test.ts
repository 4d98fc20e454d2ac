import { describe, expect, it } from 'vitest';
import {
  billingPostalCodeRules,
  birthDateError,
  categoryRules,
  consumerFormErrors,
  emailAddressRules,
  firstError,
  firstNameRules,
  gloSamplingFields,
  hostessCodeRules,
  lastNameRules,
  mobileNumberError,
  numberPrefixRules,
  offerFieldErrors,
  prefixedNumberError,
  offerSelectionError,
  offersDisabledBy,
  otpRules,
  receiptRequired,
  registerLocationError,
  requiredConsents,
  sendRuleViolation,
  showsThreePackSource,
  tourPlanRules,
  webformErrors,
  withNeoRule,
  type GloSelection,
  type SelectedOffers,
  type WebformContext,
  type WebformValues,
} from './index.ts';

const REQUIRED = 'To pole jest wymagane.';
const TODAY = '2026-03-05';

const glo = (overrides: Partial<GloSelection> = {}): GloSelection => ({
  model: 'Hyper Pro',
  color: 'Czarny',
  assetSource: 'GLO solo / POP',
  ...overrides,
});

/** A complete, valid registration of a Glo with InspirationClub; each test breaks one thing. */
const values = (overrides: Partial<WebformValues> = {}): WebformValues => ({
  emailAddress: 'jan.kowalski@example.pl',
  numberPrefix: '+48',
  mobileNumber: '600100200',
  otp: 'A1B2C',
  otpEmail: 'Z9Y8X',
  firstName: 'Jan',
  lastName: 'Kowalski',
  tourPlan: 'TP-2026-001',
  hostessCode: 'HST001',
  registerLocation: '',
  category: 'Heated Products',
  deviceName: '',
  birthDate: '1990-05-17',
  billingPostalCode: '00-950',
  ageVerified: true,
  inspirationClub: true,
  personalDataRegistrationAuthorisation: true,
  externalCompaniesAuthorization: false,
  mobileOptIn: false,
  socialMediaOptIn: false,
  newsletterCommercialAuthorization: true,
  hypercareOptIn: false,
  recieptURL: 'blob:receipt',
  isHoreca: false,
  selectedOffers: { Glo: glo(), InspirationClub: true },
  ...overrides,
});
const context = (overrides: Partial<WebformContext> = {}): WebformContext => ({
  today: TODAY,
  multiLocation: false,
  sourceRequiresAllConsents: false,
  ...overrides,
});

describe('§5 Webform step 0', () => {
  it.each([
    ['jan.kowalski@example.pl', null],
    ['a@b.co', null],
    ['', 'Podany adres e-mail jest nieprawidłowy.'],
    ['jan.kowalski', 'Podany adres e-mail jest nieprawidłowy.'],
    ['jan@example', 'Podany adres e-mail jest nieprawidłowy.'],
    ['jan kowalski@example.pl', 'Podany adres e-mail jest nieprawidłowy.'],
    ['jan@@example.pl', 'Podany adres e-mail jest nieprawidłowy.'],
    ['jan@example..pl', 'Podany adres e-mail jest nieprawidłowy.'],
    [`${'a'.repeat(245)}@example.pl`, 'Podany adres e-mail jest nieprawidłowy.'],
  ])('e-mail %j → %s', (value, message) => {
    expect(firstError(emailAddressRules, value)).toBe(message);
  });

  it.each([
    ['+48', null],
    ['', REQUIRED],
  ])('prefix %j → %s', (value, message) => {
    expect(firstError(numberPrefixRules, value)).toBe(message);
  });

  it.each([
    ['+44', '1234', null],
    ['+44', '123', 'Numer telefonu jest zbyt krótki.'],
    ['+380', '123456789012345', null],
    ['+380', '1234567890123456', 'Numer telefonu jest zbyt długi.'],
    ['+44', '12 34', 'Numer telefonu musi zawierać tylko cyfry.'],
    ['+44', '+441234', 'Numer telefonu musi zawierać tylko cyfry.'],
    ['+48', '60010020', 'Numer telefonu musi mieć dokładnie 9 cyfr.'],
    ['+48', '600100200', null],
    ['+48', '6001002001', 'Numer telefonu musi mieć dokładnie 9 cyfr.'],
    ['+48', '600-100-200', 'Numer telefonu musi zawierać tylko cyfry.'],
    ['+48', '', REQUIRED],
  ])('prefix %s, number %j → %s', (prefix, number, message) => {
    expect(mobileNumberError(prefix, number)).toBe(message);
  });

  // /lead/otp's one string: the form's rule through the catalogue's prefixes.
  it.each([
    ['+48600100200', null],
    ['+4812345', 'Numer telefonu musi mieć dokładnie 9 cyfr.'],
    ['+486001002001', 'Numer telefonu musi mieć dokładnie 9 cyfr.'],
    ['+380123', 'Numer telefonu jest zbyt krótki.'],
    ['+3801234', null],
    ['+99600100200', REQUIRED],
  ])('prefixed number %j → %s', (prefixed, message) => {
    expect(prefixedNumberError(['+48', '+380', '+44'], prefixed)).toBe(message);
  });

  it('a prefixed number is right when any split the form could make is right (+4 and +48 both listed)', () => {
    expect(prefixedNumberError(['+48', '+4'], '+4812345')).toBeNull(); // +4 and 812345
    expect(prefixedNumberError(['+48', '+4'], '+481')).toBe('Numer telefonu musi mieć dokładnie 9 cyfr.');
  });
});

describe('§5 Webform step 1', () => {
  it.each([
    ['A1B2C', null],
    ['12345', null],
    ['1234', 'Kod powinien składać się z 5 znaków.'],
    ['123456', 'Kod powinien składać się z 5 znaków.'],
    ['', 'Kod powinien składać się z 5 znaków.'],
  ])('code %j → %s', (value, message) => {
    expect(firstError(otpRules, value)).toBe(message);
  });
});

describe('§5 Offers', () => {
  it.each<[string, SelectedOffers, string | null]>([
    ['Glo', { Glo: glo() }, null],
    ['nothing', {}, 'Wybierz co najmniej jedną ofertę.'],
    ['InspirationClub unticked only', { InspirationClub: false }, 'Wybierz co najmniej jedną ofertę.'],
    ['InspirationClub alone', { InspirationClub: true }, 'Zaznaczono tylko InspirationClub, wybierz dodatkową ofertę'],
    ['InspirationClub with Velo', { InspirationClub: true, Velo: { sampling: 'VELOFRZ10' } }, null],
    ['Neo with Velo', { Neo: { neoOffers: '0' }, Velo: { sampling: 'VELOFRZ10' } }, null],
    ['Neo with InspirationClub and Velo', { Neo: { neoOffers: '1' }, InspirationClub: true, Velo: { sampling: 'VELOFRZ10' } }, null],
    ['Neo with Glo', { Neo: { neoOffers: '0' }, Glo: glo() }, 'Oferta Neo może jedynie łączyć się z ofertą InspirationClub i Velo'],
    [
      'Neo with Vuse',
      { Neo: { neoOffers: '0' }, Vuse: { model: 'Vuse Go', color: 'Creamy Tobacco', assetSource: 'VUSEBM21024' } },
      'Oferta Neo może jedynie łączyć się z ofertą InspirationClub i Velo',
    ],
  ])('%s → %s', (_, selected, message) => {
    expect(offerSelectionError(selected)).toBe(message);
  });

  it.each<[string, SelectedOffers, string[]]>([
    ['nothing chosen: InspirationClub waits for another offer', {}, ['InspirationClub']],
    ['Glo chosen: all open', { Glo: glo() }, []],
    ['Neo chosen: only InspirationClub, Neo and Velo stay open', { Neo: { neoOffers: '0' } }, ['Glo', 'Vuse']],
    ['InspirationClub left alone stays untickable', { InspirationClub: true }, []],
  ])('%s', (_, selected, disabled) => {
    expect(offersDisabledBy(selected)).toEqual(disabled);
  });

  it('choosing Neo drops Glo and Vuse, keeps Velo and InspirationClub', () => {
    const velo = { sampling: 'VELOFRZ10' };
    expect(withNeoRule({ Neo: { neoOffers: '0' }, Glo: glo(), Velo: velo, InspirationClub: true })).toEqual({
      Neo: { neoOffers: '0' },
      Velo: velo,
      InspirationClub: true,
    });
    expect(withNeoRule({ Glo: glo() })).toEqual({ Glo: glo() });
  });

  it.each([
    ['Degustacja glo — Żabka TT', true],
    ['Degustacja glo — Żabka DA', true],
    ['Degustacja glo — Żabka', false],
    ['TT Degustacja glo', false],
    ['Degustacja glo — Żabka tt', false],
  ])('the three-pack source on %j: %s', (name, shown) => {
    expect(showsThreePackSource(name)).toBe(shown);
  });

  it.each([
    ['GLO solo / POP', []],
    ['GLO solo / KASOTERMINAL', []],
    ['3 Paczki POP + GLO KASOTERMINAL zg. Markt. + veo gratis', ['samplingOne', 'samplingTwo', 'samplingThree', 'samplingFour']],
    ['GLOPROPAC1', ['samplingOne', 'samplingTwo']],
  ])('Glo source %j asks for sampling %j', (source, fields) => {
    expect(gloSamplingFields(source)).toEqual(fields);
  });

  const threePack = '3 Paczki POP + GLO KASOTERMINAL zg. Markt. + veo gratis';
  it.each<[string, SelectedOffers, Record<string, string>]>([
    ['a complete Glo solo', { Glo: glo() }, {}],
    ['a Glo with a serial number', { Glo: glo({ serialNumber: 'GLO-123456' }) }, {}],
    ['a Glo with a blank serial number', { Glo: glo({ serialNumber: '  ' }) }, { 'selectedOffers.Glo.serialNumber': REQUIRED }],
    [
      'an empty Glo',
      { Glo: { model: '', color: '', assetSource: '' } },
      {
        'selectedOffers.Glo.model': REQUIRED,
        'selectedOffers.Glo.color': REQUIRED,
        'selectedOffers.Glo.assetSource': REQUIRED,
        'selectedOffers.Glo.samplingOne': REQUIRED,
        'selectedOffers.Glo.samplingTwo': REQUIRED,
      },
    ],
    [
      'the three-pack with four samplings',
      { Glo: glo({ assetSource: threePack, samplingOne: 'a', samplingTwo: 'b', samplingThree: 'c', samplingFour: 'd' }) },
      {},
    ],
    [
      'the three-pack with two samplings',
      { Glo: glo({ assetSource: threePack, samplingOne: 'a', samplingTwo: 'b' }) },
      { 'selectedOffers.Glo.samplingThree': REQUIRED, 'selectedOffers.Glo.samplingFour': REQUIRED },
    ],
    ['another source with two samplings', { Glo: glo({ assetSource: 'GLOPROPAC1', samplingOne: 'a', samplingTwo: 'b' }) }, {}],
    [
      'another source with one sampling',
      { Glo: glo({ assetSource: 'GLOPROPAC1', samplingOne: 'a' }) },
      { 'selectedOffers.Glo.samplingTwo': REQUIRED },
    ],
    ['a complete Vuse', { Vuse: { model: 'Vuse Go', color: 'Creamy Tobacco', assetSource: 'VUSEBM21024' } }, {}],
    [
      'an empty Vuse',
      { Vuse: { model: '', color: '', assetSource: '' } },
      { 'selectedOffers.Vuse.model': REQUIRED, 'selectedOffers.Vuse.color': REQUIRED, 'selectedOffers.Vuse.assetSource': REQUIRED },
    ],
    ['a Velo with a flavour', { Velo: { sampling: 'VELOFRZ10' } }, {}],
    ['a Velo without', { Velo: { sampling: '' } }, { 'selectedOffers.Velo.sampling': REQUIRED }],
    ['a Neo with its offer', { Neo: { neoOffers: '0' } }, {}],
    ['a Neo without', { Neo: { neoOffers: '' } }, { 'selectedOffers.Neo.neoOffers': REQUIRED }],
  ])('%s', (_, selected, errors) => {
    expect(offerFieldErrors(selected)).toEqual(errors);
  });
});

describe('§5 Consumer form, field by field', () => {
  it.each([
    [hostessCodeRules, 'HST001', null],
    [hostessCodeRules, ' ', 'Niepoprawny kod HST.'],
    [tourPlanRules, 'TP-2026-001', null],
    [tourPlanRules, '', 'Niepoprawny numer akcji.'],
    [firstNameRules, 'Al', null],
    [firstNameRules, '', 'Podaj imię konsumenta.'],
    [firstNameRules, 'A', 'Imię jest zbyt krótkie (min. to 2 znaki).'],
    [firstNameRules, ' A ', 'Imię jest zbyt krótkie (min. to 2 znaki).'],
    [lastNameRules, 'Ng', null],
    [lastNameRules, '', 'Podaj nazwisko konsumenta.'],
    [lastNameRules, 'K', 'Nazwisko jest zbyt krótkie (min. to 2 znaki).'],
    [billingPostalCodeRules, '00-000', null],
    [billingPostalCodeRules, '00000', 'Kod pocztowy powinien składać się z 5 cyfr.'],
    [billingPostalCodeRules, '00-00', 'Kod pocztowy powinien składać się z 5 cyfr.'],
    [billingPostalCodeRules, 'xx-xxx', 'Kod pocztowy powinien składać się z 5 cyfr.'],
    [billingPostalCodeRules, '', 'Kod pocztowy powinien składać się z 5 cyfr.'],
    [categoryRules, 'Oral', null],
    [categoryRules, '', REQUIRED],
  ])('%#: %j → %s', (rules, value, message) => {
    expect(firstError(rules, value)).toBe(message);
  });

  it.each([
    ['', true, 'Lokalizacja wymagana'],
    ['point-uuid', true, null],
    ['', false, null],
  ])('registration location %j, several points %s → %s', (value, multiLocation, message) => {
    expect(registerLocationError(value, multiLocation)).toBe(message);
  });

  it.each([
    ['2008-03-05', '2026-03-05', null], // 18 today
    ['2008-03-06', '2026-03-05', 'Konsument nie ma 18 lat. Sprawdź poprawność daty.'], // 18 tomorrow
    ['2008-02-29', '2026-02-28', null], // born on a leap day: of age on 28 February (Civil Code art. 112)
    ['2008-02-29', '2026-02-27', 'Konsument nie ma 18 lat. Sprawdź poprawność daty.'],
    ['2026-03-06', '2026-03-05', 'Konsument nie ma 18 lat. Sprawdź poprawność daty.'], // after today
    ['1904-01-01', '2026-03-05', null],
    ['1903-12-31', '2026-03-05', 'Data urodzenia nie może być wcześniejsza niż 1904-01-01.'],
    ['', '2026-03-05', 'Podaj datę urodzenia.'],
    ['1990-02-30', '2026-03-05', 'Podaj datę urodzenia.'],
    ['17.05.1990', '2026-03-05', 'Podaj datę urodzenia.'],
  ])('born %j, today %s → %s', (birthDate, today, message) => {
    expect(birthDateError(birthDate, today)).toBe(message);
  });

  const base = ['ageVerified', 'personalDataRegistrationAuthorisation', 'newsletterCommercialAuthorization'];
  const all = ['mobileOptIn', 'socialMediaOptIn', 'hypercareOptIn'];
  it.each<[string, SelectedOffers, boolean, string[]]>([
    ['Glo from a source without requireAllConsents', { Glo: glo() }, false, base],
    ['Glo from a source with requireAllConsents', { Glo: glo() }, true, [...base, ...all]],
    [
      'Vuse from a source with requireAllConsents',
      { Vuse: { model: 'Vuse Go', color: 'x', assetSource: 'VUSEBM21024' } },
      true,
      [...base, ...all],
    ],
    ['Velo', { Velo: { sampling: 'VELOFRZ10' } }, false, [...base, ...all]],
    ['Neo (the source flag does not apply)', { Neo: { neoOffers: '0' } }, true, base],
    ['Glo with InspirationClub', { Glo: glo(), InspirationClub: true }, false, [...base, 'inspirationClub']],
  ])('%s needs %j', (_, selected, requireAll, consents) => {
    expect(requiredConsents(selected, requireAll)).toEqual(consents);
  });

  it.each<[string, SelectedOffers, boolean]>([
    ['Glo', { Glo: glo() }, true],
    ['Velo only', { Velo: { sampling: 'VELOFRZ10' } }, false],
    ['Velo with InspirationClub', { Velo: { sampling: 'VELOFRZ10' }, InspirationClub: true }, false],
    ['Velo with Glo', { Velo: { sampling: 'VELOFRZ10' }, Glo: glo() }, true],
    ['Neo with Velo', { Neo: { neoOffers: '0' }, Velo: { sampling: 'VELOFRZ10' } }, true],
  ])('a receipt for %s: %s', (_, selected, needed) => {
    expect(receiptRequired(selected)).toBe(needed);
  });
});

describe('§5 Consumer form, the whole step', () => {
  it('a complete form has no errors', () => {
    expect(consumerFormErrors(values(), context())).toEqual({});
  });

  it.each<[string, Partial<WebformValues>, Partial<WebformContext>, Record<string, string>]>([
    ['age not confirmed', { ageVerified: false }, {}, { ageVerified: 'Zgoda wymagana.' }],
    [
      'personal data unticked',
      { personalDataRegistrationAuthorisation: false },
      {},
      { personalDataRegistrationAuthorisation: 'Zgoda wymagana.' },
    ],
    ['newsletter unticked', { newsletterCommercialAuthorization: false }, {}, { newsletterCommercialAuthorization: 'Zgoda wymagana.' }],
    ['InspirationClub chosen, its consent unticked', { inspirationClub: false }, {}, { inspirationClub: 'Zgoda wymagana.' }],
    ['InspirationClub not chosen, its consent unticked', { inspirationClub: false, selectedOffers: { Glo: glo() } }, {}, {}],
    ['external companies are optional', { externalCompaniesAuthorization: false }, {}, {}],
    [
      'a source requiring all consents',
      {},
      { sourceRequiresAllConsents: true },
      { mobileOptIn: 'Zgoda wymagana.', socialMediaOptIn: 'Zgoda wymagana.', hypercareOptIn: 'Zgoda wymagana.' },
    ],
    [
      'a source requiring all consents, all ticked',
      { mobileOptIn: true, socialMediaOptIn: true, hypercareOptIn: true },
      { sourceRequiresAllConsents: true },
      {},
    ],
    ['no receipt for a Glo', { recieptURL: '' }, {}, { recieptURL: 'Zdjęcie paragonu wymagane' }],
    [
      'no receipt for Velo and InspirationClub',
      {
        recieptURL: '',
        mobileOptIn: true,
        socialMediaOptIn: true,
        hypercareOptIn: true,
        selectedOffers: { Velo: { sampling: 'VELOFRZ10' }, InspirationClub: true },
      },
      {},
      {},
    ],
    ['several points, none chosen', {}, { multiLocation: true }, { registerLocation: 'Lokalizacja wymagana' }],
    ['several points, one chosen', { registerLocation: 'point-uuid' }, { multiLocation: true }, {}],
    [
      'an empty form',
      { hostessCode: '', tourPlan: '', firstName: '', lastName: '', birthDate: '', billingPostalCode: '', category: '' },
      {},
      {
        hostessCode: 'Niepoprawny kod HST.',
        tourPlan: 'Niepoprawny numer akcji.',
        firstName: 'Podaj imię konsumenta.',
        lastName: 'Podaj nazwisko konsumenta.',
        birthDate: 'Podaj datę urodzenia.',
        billingPostalCode: 'Kod pocztowy powinien składać się z 5 cyfr.',
        category: REQUIRED,
      },
    ],
  ])('%s', (_, overrides, contextOverrides, errors) => {
    expect(consumerFormErrors(values(overrides), context(contextOverrides))).toEqual(errors);
  });
});

describe('§5 Send rule and the whole registration', () => {
  const modal =
    'Brak kodów weryfikacyjnych. Wyślij nowe kody i wróć do weryfikacji (kody są ważne 10 minut lub do pierwszej próby rejestracji).';
  it.each([
    ['A1B2C', 'Z9Y8X', null],
    ['', 'Z9Y8X', modal],
    ['A1B2C', '', modal],
    ['', '', modal],
  ])('SMS code %j, e-mail code %j → %s', (otp, otpEmail, message) => {
    expect(sendRuleViolation({ otp, otpEmail })).toBe(message);
  });

  it('a complete registration passes every step', () => {
    expect(webformErrors(values(), context())).toEqual({});
  });

  it('the server sees every step of a broken registration at once', () => {
    const broken = values({
      emailAddress: 'jan@',
      mobileNumber: '60010020',
      otp: '1234',
      selectedOffers: { Neo: { neoOffers: '' }, Glo: glo({ color: '' }) },
      firstName: 'J',
    });
    expect(webformErrors(broken, context())).toEqual({
      emailAddress: 'Podany adres e-mail jest nieprawidłowy.',
      mobileNumber: 'Numer telefonu musi mieć dokładnie 9 cyfr.',
      otp: 'Kod powinien składać się z 5 znaków.',
      selectedOffers: 'Oferta Neo może jedynie łączyć się z ofertą InspirationClub i Velo',
      'selectedOffers.Glo.color': REQUIRED,
      'selectedOffers.Neo.neoOffers': REQUIRED,
      firstName: 'Imię jest zbyt krótkie (min. to 2 znaki).',
    });
  });
});
