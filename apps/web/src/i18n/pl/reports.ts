// spec §2 Reports list (/raporty) and Report detail (/raport/{reportId}); texts verbatim where the spec
// gives them in Polish. The photo captions are ours in Polish (the spec gives them in English, decision 061).
export const reports = {
  soldDevices: 'Ilość sprzedanych urządzeń:',
  periods: {
    currentAction: 'Aktualna akcja',
    lastAction: 'Ostatnia zakończona akcja',
    currentMonth: 'Bieżący miesiąc',
    lastMonth: 'Ostatni miesiąc',
  },
  /** The brands as the spec writes them in the list (spec §2: glo, vuse, velo). */
  brands: { Glo: 'glo', Vuse: 'vuse', Velo: 'velo' },
  /** spec §2: model 'nano' is shown as 'Hyper Air'. */
  modelNames: { nano: 'Hyper Air' } as Readonly<Record<string, string>>,
  noDevices: 'Brak sprzedanych urządzeń.',
  loadingStats: 'Wczytywanie statystyk…',
  statsFailed: 'Nie udało się wczytać statystyk.',
  history: 'Raporty z akcji:',
  noHistory: 'Brak zakończonych akcji.',
  loadingHistory: 'Wczytywanie raportów…',
  historyFailed: 'Nie udało się wczytać raportów.',
  showMore: 'Pokaż więcej',
  retry: 'Spróbuj ponownie',
  /** Shown above what was saved when a reload failed (no connection). */
  offline: 'Nie udało się odświeżyć. Pokazuję ostatnio wczytane dane.',

  // Report detail
  ident: 'ID akcji',
  date: 'Data',
  territory: 'Terytorium',
  hostess: 'Hostessa',
  hostessId: 'ID',
  start: 'Rozpoczęcie',
  end: 'Zakończenie',
  locationChange: 'Zmiana lokalizacji',
  duration: 'Czas trwania',
  status: 'Status',
  statuses: { finished: 'Zakończona', accepted: 'Zaakceptowana', started: 'Rozpoczęta', hst_cancelled: 'Odwołana' },
  locations: 'Lokalizacje',
  noLocations: 'Brak lokalizacji.',
  none: '-',
  loadingReport: 'Wczytywanie raportu…',
  reportFailed: 'Nie udało się wczytać raportu.',
  showReceipts: 'Pokaż paragony',
  receipts: 'Paragony',
  loadingReceipts: 'Wczytywanie paragonów…',
  receiptsFailed: 'Nie udało się wczytać paragonów.',
  noReceipts: 'Brak paragonów dla tego raportu.',
  /** A receipt's device label: its serial number, else its beacon. */
  receiptDevice: (device: string | null) => (device ? `Urządzenie: ${device}` : 'Urządzenie: -'),
  productPhotos: 'Zdjęcia produktów',
  photoCaptions: { start: 'Zdjęcie przed ułożeniem ekspozycji', end: 'Zdjęcie po ułożeniu ekspozycji' },
  noPhotos: 'Brak zdjęć produktów.',
  loadingPhotos: 'Wczytywanie zdjęć…',
  photosFailed: 'Wystąpił błąd podczas pobierania zdjęć',
  imageFailed: 'Nie udało się wczytać zdjęcia.',
  /** The button around a photo: opens it large. */
  openPhoto: (caption: string) => `Powiększ: ${caption}`,
  closePhoto: 'Zamknij',
  surveyAnswers: 'Odpowiedzi z ankiety',
  /** spec §2 Photos survey, the three questions. */
  surveyQuestions: [
    'Czy nasze produkty są wyeksponowane na meblu?',
    'Czy planogram został przygotowany?',
    'Czy przeprowadzono szkolenie dla detalisty?',
  ],
  answers: { tak: 'Tak', nie: 'Nie' } as Readonly<Record<string, string>>,
  comment: 'Komentarz',
  noComment: 'Brak',
  noSurvey: 'Brak odpowiedzi z ankiety.',

  // Her report's review by the back office (issue 25, decision 093): ours, the spec has none.
  /** The mark on /raporty next to a report whose review asks something of her. */
  reviewBadges: { changes_requested: 'Do poprawy', resubmitted: 'Wysłana ponownie' } as Readonly<Partial<Record<string, string>>>,
  review: {
    changesTitle: 'Do poprawy',
    reason: 'Powód',
    reasons: {
      photos: 'Zdjęcia',
      survey: 'Ankieta',
      times: 'Godziny rozpoczęcia i zakończenia',
      other: 'Inne',
    } as Readonly<Record<string, string>>,
    note: 'Uwagi koordynatora:',
    hint: 'Uzupełnij to, o co prosi koordynator, i wyślij raport ponownie do akceptacji.',
    addSurvey: 'Wyślij ponownie zdjęcia produktów i ankietę',
    addEndPhotos: 'Wyślij ponownie zdjęcia z zakończenia akcji',
    resubmit: 'Wyślij ponownie do akceptacji',
    resubmittedTitle: 'Wysłana ponownie',
    resubmitted: 'Raport wysłany ponownie do akceptacji. Koordynator sprawdzi go jeszcze raz.',
    sending: 'Wysyłanie raportu ponownie do akceptacji… Bez internetu raport poczeka w telefonie i wyśle się sam.',
    notStored: 'Nie udało się zapisać w telefonie. Spróbuj ponownie.',
  },
  /** On top of her action list (issue 33 item 18): each report sent back, until she resubmits it. */
  toFix: {
    title: 'Raport do poprawy',
    open: 'Popraw raport',
  },
} as const;
