import type { ErrorCode } from '@promotor/contract/error-codes';

/** Polish text for every error code of the API (spec §8); an unknown code is shown raw. */
const errorCodes: Record<ErrorCode, string> = {
  E_VALIDATION: 'Sprawdź poprawność wpisanych danych.',
  E_BAD_REQUEST: 'Nieprawidłowe żądanie. Odśwież aplikację i spróbuj ponownie.',
  E_UNSUPPORTED_MEDIA_TYPE: 'Nieobsługiwany format danych.',
  E_PAYLOAD_TOO_LARGE: 'Wysyłane dane są zbyt duże.',
  E_HEADERS_TOO_LARGE: 'Żądanie jest zbyt duże. Wyloguj się i zaloguj ponownie.',
  E_NOT_FOUND: 'Nie znaleziono.',
  E_METHOD_NOT_ALLOWED: 'Ta operacja jest niedozwolona.',
  E_UNAUTHORIZED: 'Nie jesteś zalogowana(-y) lub sesja wygasła.',
  E_EXPIRED: 'Sesja wygasła. Zaloguj się ponownie.',
  E_USER_NOT_FOUND: 'Użytkownik nie istnieje.',
  E_USER_WRONG_PASSWORD: 'Nieprawidłowe hasło.',
  E_TOO_MANY_REQUESTS: 'Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie.',
  E_RESET_CODE_INVALID: 'Nieprawidłowy kod. Poproś o nowy kod i spróbuj ponownie.',
  E_RESET_CODE_EXPIRED: 'Kod wygasł. Poproś o nowy kod.',
  E_RESET_CODE_TOO_MANY_ATTEMPTS: 'Zbyt wiele błędnych prób. Poproś o nowy kod.',
  E_IDEMPOTENCY_KEY_REUSED: 'Ta operacja została już wysłana z innymi danymi. Spróbuj ponownie.',
  E_IDEMPOTENCY_IN_PROGRESS: 'Poprzednie zgłoszenie jest jeszcze przetwarzane. Poczekaj chwilę.',
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
  E_INTERNAL: 'Wystąpił błąd serwera. Spróbuj ponownie później.',
  E_SERVICE_UNAVAILABLE: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie później.',
};

export const appName = 'Promotor';
export const pageTitle = (title: string) => `${title} | Promotor`;
export const loading = 'Wczytywanie…';
export const cancel = 'Anuluj';
export const save = 'Zapisz';
export const inPreparation = 'Ten ekran jest w przygotowaniu. Pojawi się w jednej z kolejnych wersji aplikacji.';
export const errors = {
  codes: errorCodes,
  /** An answer that is not the API's envelope (a proxy's error page, a broken body). */
  generic: 'Wystąpił błąd. Spróbuj ponownie.',
  network: 'Wystąpił błąd. Sprawdź połączenie z internetem i spróbuj ponownie.',
  /**
   * The message of a code the API may answer, else the code itself (spec §8: an unknown code is shown
   * raw). Looks in this table rather than the contract's status table, which the login page's budget
   * cannot carry as well.
   */
  ofCode: (code: string): string => (Object.prototype.hasOwnProperty.call(errorCodes, code) ? errorCodes[code as ErrorCode] : code),
} as const;
export const toasts = {
  region: 'Powiadomienia',
} as const;
/** The one calm notice while there is no connection (decision 045). */
export const connection = {
  offline: 'Brak połączenia z internetem',
} as const;
export const errorPopup = {
  title: 'Wystąpił błąd.',
  code: 'Kod błędu:',
  /** The exact meta.ts under the readable time (decision 045). */
  exactCode: 'Dokładny kod:',
  tryAgain: 'Spróbuj ponownie...',
  back: 'Wróć',
} as const;
export const fatal = {
  title: 'Wystąpił błąd',
  intro: 'Aplikacja napotkała nieoczekiwany błąd. Przekaż poniższe informacje do wsparcia, a potem załaduj aplikację ponownie.',
  details: 'Szczegóły błędu',
  path: 'Ścieżka',
  userAgent: 'Przeglądarka',
  buildId: 'Wersja aplikacji',
  androidWrapper: 'Aplikacja Android',
  yes: 'tak',
  no: 'nie',
  reload: 'Załaduj ponownie aplikację',
} as const;
