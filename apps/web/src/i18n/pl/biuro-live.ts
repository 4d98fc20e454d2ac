import type { LiveExceptionKind } from '@promotor/contract';

// The back office's live day (/biuro/na-zywo, issue 25, decision 094): its own section, so only the
// page's lazy chunk carries these words, never the back office's first screen (decision 033).

const distance = (meters: number): string =>
  meters < 1000 ? `${Math.round(meters)} m` : `${(Math.round(meters / 100) / 10).toFixed(1).replace('.', ',')} km`;

/** A time span in words: 'przed chwilą', '5 min', '2 godz. 10 min'. */
const span = (minutes: number): string => {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} godz.${rest ? ` ${rest} min` : ''}`;
};

export const biuroLive = {
  title: 'Dzień na żywo',
  intro: 'Dzisiejsze akcje na Twoich terytoriach: gdzie są promotorzy, co czeka w ich telefonach i co wymaga uwagi.',
  territory: 'Terytorium',
  refresh: 'Odśwież teraz',
  refreshedAt: (time: string, ago: string) => `Odświeżono ${time} (${ago})`,
  refreshing: 'Odświeżanie…',
  refreshFailed: 'Nie udało się odświeżyć — dane mogą być nieaktualne.',
  paused: 'Odświeżanie wstrzymane, gdy karta jest w tle.',
  autoRefresh: 'Strona odświeża się sama co 30 sekund.',
  noActions: 'Dziś nie ma akcji na wybranych terytoriach.',
  map: {
    label: 'Mapa akcji i pozycji promotorów',
    noCoordinates: 'Punkty tych akcji nie mają współrzędnych ani pozycji promotorów — mapa jest pusta.',
    noTiles: 'Podkład mapy jest wyłączony; widoczne są tylko znaczniki.',
    legend: 'Legenda mapy',
    legendInitials: 'AN',
    legendPoint: 'Punkt akcji',
    legendPromoter: 'Ostatnia pozycja promotora',
    legendGroup: 'Znaczniki blisko siebie: kliknij, by przybliżyć',
    point: (name: string, action: string) => `Punkt: ${name} (${action})`,
    /** Begins with what the pin shows (WCAG 2.5.3): 'AN — promotor Anna Nowak'. */
    promoter: (initials: string, name: string) => `${initials} — promotor ${name}`,
    group: (count: number) => `${count} — znaczniki blisko siebie: przybliż`,
    listNote: 'Te same punkty i pozycje promotorów są na liście „Akcje dzisiaj” obok mapy.',
    toList: 'Przejdź do listy akcji',
    accuracy: (meters: number) => `Dokładność: ±${Math.round(meters)} m`,
    fromPoint: (meters: number) => `${distance(meters)} od najbliższego punktu`,
  },
  list: {
    title: 'Akcje dzisiaj',
    hours: (since: string, until: string) => `${since}–${until}`,
    noPromoters: 'Nikt nie jest przypisany.',
    noPoints: 'Brak punktów ze współrzędnymi.',
    showOnMap: 'Pokaż na mapie',
    showOnMapOf: (name: string) => `Pokaż na mapie: ${name}`,
    position: 'Ostatnia pozycja',
    noPosition: 'brak pozycji',
    distance: 'Od punktu',
    outbox: 'W telefonie',
    lastSeen: 'Ostatni kontakt',
    never: 'nigdy',
  },
  statuses: {
    notStarted: 'Nie rozpoczęta',
    started: 'W trakcie',
    finished: 'Zakończona',
    cancelled: 'Odwołana przez promotora',
  },
  exceptions: {
    title: 'Wyjątki',
    intro: 'Najstarsze na górze. Oznacz sprawdzone, aby kolejka malała: widzą to wszyscy koordynatorzy terytorium.',
    checkedBy: (name: string, time: string) => `Sprawdzone: ${name}, ${time}`,
    checkFailed: (why: string) => `Nie zapisano oznaczenia. ${why}`,
    none: 'Brak wyjątków. Wszystko w porządku.',
    allChecked: 'Wszystkie wyjątki sprawdzone.',
    check: 'Sprawdzone',
    checkOf: (what: string) => `Oznacz jako sprawdzone: ${what}`,
    uncheck: 'Przywróć',
    uncheckOf: (what: string) => `Przywróć do kolejki: ${what}`,
    showChecked: (count: number) => `Pokaż sprawdzone (${count})`,
    hideChecked: 'Ukryj sprawdzone',
    since: (time: string, ago: string) => `od ${time} (${ago})`,
    count: (open: number) => `Do sprawdzenia: ${open}`,
    kinds: {
      not_started: 'Nie rozpoczęto 15 min po starcie',
      started_far: 'Rozpoczęto daleko od punktu',
      no_position: 'Brak pozycji od 20 min',
      finished_without_end_photos: 'Zakończono bez zdjęć końcowych',
      data_on_phone: 'Dane czekają w telefonie',
      started_early: 'Start długo przed planem',
      past_planned_end: 'Po planowanym końcu',
      short_shift: 'Bardzo krótka zmiana',
      integrity_flag: 'Do wyjaśnienia: pozycja lub zdjęcia budzą wątpliwości',
    } satisfies Record<LiveExceptionKind, string>,
    startedFar: (meters: number) => `Rozpoczęto daleko od punktu (${distance(meters)})`,
    startedEarly: (minutes: number) => `Start ${span(minutes)} przed planem`,
    pastPlannedEnd: (minutes: number) => `${span(minutes)} po planowanym końcu`,
    shortShift: (minutes: number) => `Bardzo krótka zmiana: ${span(minutes)}`,
  },
  phones: {
    title: 'Co czeka w telefonach',
    intro: 'Co telefon promotora zgłosił przy ostatnim połączeniu: ile danych czeka na wysłanie i od kiedy.',
    columns: { promoter: 'Promotor', action: 'Akcja', count: 'Czeka', oldest: 'Najstarsze', lastSeen: 'Ostatni kontakt' },
    nothing: 'nic',
    unknown: 'brak danych',
    items: (count: number) =>
      `${count} ${count === 1 ? 'pozycja' : count % 10 >= 2 && count % 10 <= 4 && (count % 100 < 10 || count % 100 >= 20) ? 'pozycje' : 'pozycji'}`,
    empty: 'Brak promotorów w dzisiejszych akcjach.',
  },
  /** Files that wait for the bucket (BLOB_STORE=s3, decision 130): nothing is lost, full photos open later. */
  pendingFiles: (count: number, since: string) => `Zdjęcia czekające na magazyn: ${count} (najstarsze od ${since})`,
  pendingFilesLate: 'Najstarsze czeka ponad 10 minut — sprawdź połączenie serwera z magazynem plików (S3).',
  ago: (minutes: number) => (minutes < 1 ? 'przed chwilą' : `${span(minutes)} temu`),
  agoSeconds: (seconds: number) =>
    seconds < 5 ? 'przed chwilą' : seconds < 60 ? `${seconds} s temu` : `${span(Math.floor(seconds / 60))} temu`,
  distance,
  span,
} as const;
