import type { ErrorCode } from '@promotor/contract/error-codes';
import type { CoreErrorCode } from './core.ts';

/**
 * Polish text for the error codes of field work (spec §8): every code the core table
 * (./core.ts) does not have, so a new code without a message fails the type check. Registered by the
 * header (app/layout/header.tsx) and the outbox's failure popup, which every logged-in page loads;
 * a feature naming one of these codes reads it from here.
 */
export const fieldErrors: Record<Exclude<ErrorCode, CoreErrorCode>, string> = {
  E_ACTION_NOT_FOUND: 'Akcja nie istnieje.',
  E_ACTION_POINT_NOT_FOUND: 'Lokalizacja nie istnieje. Wybierz poprawną lokalizację.',
  E_WRONG_ACTION_STATUS: 'Nieprawidłowy status akcji.',
  E_ACTION_ALREADY_CHECK_OUT: 'Akcja została już przez Ciebie zakończona.',
  E_FILE_NOT_FOUND: 'Plik nie istnieje.',
  E_FILE_ALREADY_EXISTS: 'Masz już wgrane zdjęcia w ramach tej akcji',
  E_FILE_TOO_LARGE: 'Plik jest zbyt duży.',
  E_TOO_MANY_FILES: 'Wybrano zbyt wiele plików.',
  E_UNSUPPORTED_FILE_TYPE: 'Nieobsługiwany typ pliku. Wybierz zdjęcie.',
  E_INSUFFICIENT_AMOUNT_IN_DB: 'Brak wystarczającej liczby kodów w bazie.',
  E_EVENT_NOT_FOUND: 'Wydarzenie nie istnieje.',
  E_VOUCHER_BATCH_NOT_FOUND: 'Kategoria kodów nie istnieje.',
  E_VOUCHER_NOT_FOUND: 'Kod nie istnieje.',
  E_VOUCHER_ALREADY_REDEEMED: 'Ten kod został już wydany.',
  E_REDEMPTION_IN_FUTURE: 'Data wydania kodu jest z przyszłości. Sprawdź zegar telefonu.',
  E_NOT_YOUR_HOSTESS_CODE: 'To nie jest Twój kod hostessy.',
  E_RECEIPT_NOT_FOUND: 'Paragon nie istnieje.',
  E_AVAILABILITY_NOT_FOUND: 'Zakres dostępności nie istnieje.',
  E_AVAILABILITY_OUTSIDE_HOURS: 'Dostępność można podać w godzinach 6–22.',
  E_AVAILABILITY_END_NOT_AFTER_START: 'Koniec musi być później niż początek.',
  E_AVAILABILITY_SPANS_DAYS: 'Zakres musi mieścić się w jednym dniu.',
  E_AVAILABILITY_IN_PAST: 'Nie można podać dostępności w przeszłości.',
  E_AVAILABILITY_OUTSIDE_WINDOW: 'Dostępność można podać do końca trzeciego miesiąca.',
  E_AVAILABILITY_OVERLAP: 'Ten zakres nachodzi na inny zakres dostępności.',
  E_MISSING_LEAD_ID: 'Brak identyfikatora rejestracji konsumenta.',
  E_NO_CONSENTS: 'Konsument nie wyraził wymaganych zgód marketingowych.',
  E_ALREADY_MEMBER: 'Konsument jest już uczestnikiem programu.',
  E_NO_PRODUCTS: 'Konsument nie ma zarejestrowanych produktów.',
  E_OTP_SEND_LIMIT: 'Wysłano już 3 kody w ciągu godziny. Spróbuj ponownie później.',
  error_wrong_otp: 'Kod SMS jest błędny lub wygasł. Wróć i pobierz nowy kod.',
  error_wrong_otp_email: 'Kod e-mail jest błędny lub wygasł. Wróć i pobierz nowy kod.',
  error_m2_not_found_in_salesforce: 'Konsument nie jest jeszcze zarejestrowany.',
  error_consumer_multiple_found: 'Konsument jest już uczestnikiem programu.',
  error_device_not_found: 'Numer urządzenia jest nieprawidłowy.',
  error_device_already_registered: 'Urządzenie o tym numerze jest już zarejestrowane.',
  error_asset_unavailable: 'Dane konsumenta zmieniły się po weryfikacji e-mail/SMS. Powtórz weryfikację.',
  error_product_unavailable: 'Dane konsumenta zmieniły się po weryfikacji e-mail/SMS. Powtórz weryfikację.',
  'ASSET:CREATION_ERROR': 'Urządzenie jest już zarejestrowane. Sprawdź numer urządzenia.',
  'PRODUCT_INTEREST:CREATION_ERROR': 'Błąd rejestracji produktu.',
  error_unknown_asset_brand_model: 'Błąd typu urządzenia. Wróć i wybierz urządzenie ponownie.',
  error_m2_exception: 'Błąd rejestracji. Sprawdź dane i spróbuj ponownie.',
  error_ic_registration_failed: 'Nie udało się zapisać konsumenta do programu Inspiration Club.',
  error_ic_consumer_multiple_found: 'Znaleziono kilku konsumentów o tych danych w programie Inspiration Club.',
  error_ic_consumer_already_exists: 'Konsument jest już uczestnikiem programu Inspiration Club.',
  E_CONSENT_TEXT_CHANGED: 'Treść zgód została zmieniona. Odśwież formularz i poproś konsumenta o ponowne zaznaczenie zgód.',
};
