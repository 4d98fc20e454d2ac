import type { ErrorCode } from '@promotor/contract/error-codes';

/**
 * Polish text for the error codes the login, reminder and password pages can meet (spec §8). The codes
 * of field work (actions, files, vouchers, availability, …) are in ./field-errors.ts, which the
 * header registers: the login page's 110 KB budget cannot carry every feature's messages
 * (decision 033). Together the two tables cover every code (i18n/pl.test.ts).
 */
const errorCodes = {
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
  E_WRONG_CREDENTIALS: 'Nieprawidłowy login lub hasło.',
  E_TOO_MANY_REQUESTS: 'Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie.',
  E_NOT_A_PROMOTER: 'To konto pracownika biura. Zaloguj się w panelu biura: /biuro.',
  E_ACCOUNT_DEACTIVATED: 'Konto zostało dezaktywowane. Skontaktuj się z koordynatorem.',
  E_RESET_CODE_INVALID: 'Nieprawidłowy kod. Poproś o nowy kod i spróbuj ponownie.',
  E_RESET_CODE_EXPIRED: 'Kod wygasł. Poproś o nowy kod.',
  E_RESET_CODE_TOO_MANY_ATTEMPTS: 'Zbyt wiele błędnych prób. Poproś o nowy kod.',
  E_IDEMPOTENCY_KEY_REUSED: 'Ta operacja została już wysłana z innymi danymi. Spróbuj ponownie.',
  E_IDEMPOTENCY_IN_PROGRESS: 'Poprzednie zgłoszenie jest jeszcze przetwarzane. Poczekaj chwilę.',
  E_INTERNAL: 'Wystąpił błąd serwera. Spróbuj ponownie później.',
  E_SERVICE_UNAVAILABLE: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie później.',
} as const satisfies Partial<Record<ErrorCode, string>>;

export type CoreErrorCode = keyof typeof errorCodes;
const registered: Partial<Record<ErrorCode, string>> = {};

/** Adds the messages of further codes (the header registers field-errors.ts). */
export function registerErrorMessages(table: Partial<Record<ErrorCode, string>>): void {
  Object.assign(registered, table);
}

export const appName = 'Promotor';
/** The tab's title of a page, 'Akcje — Promotor' (WCAG 2.4.2, decision 139). */
export const pageTitle = (title: string) => `${title} — Promotor`;
export const loading = 'Wczytywanie…';
/** The first Tab stop of a page with a header or menu before its content (WCAG 2.4.1). */
export const skipToContent = 'Przejdź do treści';
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
  ofCode: (code: string): string =>
    Object.prototype.hasOwnProperty.call(errorCodes, code) ? errorCodes[code as CoreErrorCode] : (registered[code as ErrorCode] ?? code),
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
