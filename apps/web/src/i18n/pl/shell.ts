export const header = {
  openMenu: 'Otwórz menu',
  coupons: 'Kody promocyjne',
  appVersion: (version: string) => `Wersja ${version}`,
} as const;
export const menu = {
  label: 'Menu',
  greeting: (firstName: string) => (firstName ? `Witaj ${firstName}` : 'Witaj'),
  close: 'Zamknij menu',
  navigation: 'Nawigacja',
  actions: 'Akcje',
  calendar: 'Kalendarz',
  reports: 'Raporty',
  webform: 'Webform',
  photos: 'Zdjęcia produktów',
  userData: 'Twoje dane',
  logout: 'Wyloguj',
} as const;
export const outbox = {
  /** Header status while items wait in the offline outbox. */
  pending: (count: number) => `Do wysłania: ${count}`,
  /** What a refused outbox item was, before the reason (spec §8); used by the actions' outbox kinds. */
  failed: {
    poll: 'Nie udało się zapisać odpowiedzi z ankiety.',
    photos: 'Wystąpił błąd podczas wysyłania zdjęć',
    'check-in': 'Nie udało się rozpocząć akcji.',
    'check-out': 'Nie udało się zakończyć akcji.',
    cancel: 'Nie udało się odwołać udziału w akcji.',
    /** Her report sent back for review (issue 25, decision 093). */
    'report-resubmit': 'Nie udało się wysłać raportu ponownie do akceptacji.',
  },
  /** spec §8 Check-in: E_ACTION_ALREADY_CHECK_OUT. */
  alreadyCheckedOut: 'Ta akcja została już przez Ciebie zakończona.',
  /** Ours (decision 072): the check-in came without its start photos, so the action was not started. */
  startPhotosMissing: 'Nie udało się rozpocząć akcji: zdjęcia z rozpoczęcia nie dotarły. Rozpocznij ją ponownie.',
  /** Ours (decision 072): which action a refused item was for, above the reason in the failure popup. */
  subject: (name: string) => `Akcja „${name}”`,
} as const;
