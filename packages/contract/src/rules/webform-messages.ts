import { MIN_BIRTH_DATE, MIN_CONSUMER_AGE, MIN_NAME_LENGTH, OTP_LENGTH, OTP_VALIDITY_MINUTES, PHONE_PL_DIGITS } from '../constants.ts';
import { characters } from './messages.ts';

// Polish messages of the webform (spec §5 Webform step 0, Step 1, Offers, Consumer form, Send rule),
// verbatim where the spec gives them. The webform writes its required message with a full stop, the
// start form's 'To pole jest wymagane' without: both are the spec's, so both exist.
// Numbers come from the constants the rules check, so a changed limit cannot leave a stale message.

export const webformMessages = {
  // step 0
  invalidEmail: 'Podany adres e-mail jest nieprawidłowy.',
  fieldRequired: 'To pole jest wymagane.',
  phoneDigitsOnly: 'Numer telefonu musi zawierać tylko cyfry.',
  phoneTooShort: 'Numer telefonu jest zbyt krótki.',
  phoneTooLong: 'Numer telefonu jest zbyt długi.',
  phonePlLength: `Numer telefonu musi mieć dokładnie ${PHONE_PL_DIGITS} cyfr.`,
  // step 1
  otpLength: `Kod powinien składać się z ${characters(OTP_LENGTH)}.`,
  // offers
  inspirationClubAlone: 'Zaznaczono tylko InspirationClub, wybierz dodatkową ofertę',
  neoCombination: 'Oferta Neo może jedynie łączyć się z ofertą InspirationClub i Velo',
  // Not in the spec (decision 066): "at least one offer" is a rule without a message of its own.
  noOffer: 'Wybierz co najmniej jedną ofertę.',
  // consumer form
  hostessCodeInvalid: 'Niepoprawny kod HST.',
  tourPlanInvalid: 'Niepoprawny numer akcji.',
  registerLocationRequired: 'Lokalizacja wymagana',
  firstNameRequired: 'Podaj imię konsumenta.',
  firstNameTooShort: `Imię jest zbyt krótkie (min. to ${characters(MIN_NAME_LENGTH)}).`,
  // "equivalents for the last name" (§5), written the same way
  lastNameRequired: 'Podaj nazwisko konsumenta.',
  lastNameTooShort: `Nazwisko jest zbyt krótkie (min. to ${characters(MIN_NAME_LENGTH)}).`,
  underage: `Konsument nie ma ${MIN_CONSUMER_AGE} lat. Sprawdź poprawność daty.`,
  birthDateRequired: 'Podaj datę urodzenia.',
  // Not in the spec (decision 066): the date input's min 1904-01-01 as a message for a typed date.
  birthDateTooEarly: `Data urodzenia nie może być wcześniejsza niż ${MIN_BIRTH_DATE}.`,
  postalCodeInvalid: 'Kod pocztowy powinien składać się z 5 cyfr.',
  consentRequired: 'Zgoda wymagana.',
  receiptRequired: 'Zdjęcie paragonu wymagane',
  // §5 Send rule: the modal's text is described, not quoted (decision 066).
  codesMissing:
    `Brak kodów weryfikacyjnych. Wyślij nowe kody i wróć do weryfikacji ` +
    `(kody są ważne ${OTP_VALIDITY_MINUTES} minut lub do pierwszej próby rejestracji).`,
} as const;
