// spec §2 Photos survey (/photos), §5 its validation (messages in the contract's ruleMessages), §8 its
// upload errors; decision 007: 'Zdjecia' and 'Pozpocznij' corrected; decision 062: what the spec does not show.
export const photoSurvey = {
  title: 'Zdjęcia produktów',
  noAction: 'Brak aktywnych akcji',
  noActionHint: 'Rozpocznij nową akcję, aby móc dodać zdjęcia produktów',
  /** spec §2: the current action's since-until, 'YYYY-MM-DD HH:mm to HH:mm' (the end's date when another day). */
  actionTime: (since: string, until: string) => `${since} – ${until}`,
  before: 'Zdjęcie przed ułożeniem ekspozycji',
  after: 'Zdjęcie po ułożeniu ekspozycji',
  survey: 'Ankieta',
  addPhoto: 'Dodaj zdjęcie',
  /** The accessible names of the two photo buttons (both say 'Dodaj zdjęcie' / 'Zmień zdjęcie'). */
  addPhotoOf: (step: string) => `Dodaj zdjęcie: ${step}`,
  changePhoto: 'Zmień zdjęcie',
  changePhotoOf: (step: string) => `Zmień zdjęcie: ${step}`,
  preview: (step: string) => `Podgląd: ${step}`,
  questions: [
    'Czy nasze produkty są wyeksponowane na meblu?',
    'Czy planogram został przygotowany?',
    'Czy przeprowadzono szkolenie dla detalisty?',
  ],
  yes: 'tak',
  no: 'nie',
  comment: 'Twój komentarz (opcjonalnie)',
  save: 'Zapisz',
  wait: 'Proszę czekać...',
  thanks: 'Dziękujemy',
  saved: 'Twoje zdjęcia i odpowiedzi zostały zapisane.',
  close: 'Zamknij',
  /** Ours (decision 062): no connection, so the survey waits in the outbox. */
  queuedTitle: 'Zapisano w telefonie',
  queued: 'Brak połączenia z internetem. Zdjęcia i odpowiedzi zostaną wysłane automatycznie, gdy połączenie wróci.',
  uploadFailed: 'Wystąpił błąd podczas wysyłania zdjęć',
  notStored: 'Nie udało się zapisać ankiety w telefonie. Spróbuj ponownie.',
  /** The survey of a finished action sent again while changes of her report are requested (decision 093). */
  resend: 'Poprawka raportu: wyślij zdjęcia i ankietę jeszcze raz. Zastąpią wysłane wcześniej.',
} as const;
