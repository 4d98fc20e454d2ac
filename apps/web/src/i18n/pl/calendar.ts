// spec §2 Calendar (/kalendarz): its popups' titles and buttons verbatim ('Current Franchises' too).
const weekdays = ['niedziela', 'poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota'] as const;
const weekdaysShort = ['nd', 'pn', 'wt', 'śr', 'cz', 'pt', 'sb'] as const;
// Nominative for the month selector ('listopad 2025'), genitive after a day number ('24 listopada').
const months = [
  'styczeń',
  'luty',
  'marzec',
  'kwiecień',
  'maj',
  'czerwiec',
  'lipiec',
  'sierpień',
  'wrzesień',
  'październik',
  'listopad',
  'grudzień',
] as const;
const monthsOf = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
] as const;

export const calendar = {
  weekday: (index: number) => weekdays[index] ?? '',
  weekdayShort: (index: number) => weekdaysShort[index] ?? '',
  month: (index: number) => months[index] ?? '',
  monthOf: (index: number) => monthsOf[index] ?? '',
  monthSelector: 'Miesiąc',
  previousDays: 'Poprzednie dni',
  nextDays: 'Następne dni',
  hours: 'Godziny',
  availability: 'Dostępność',
  /** A block's name: 'Dostępność 09:00–18:00'. */
  block: (from: string, to: string) => `Dostępność ${from}–${to}`,
  /** An empty hour cell's name: 'Dodaj dostępność: wtorek 24 listopada, 10:00'. */
  addAt: (day: string, hour: string) => `Dodaj dostępność: ${day}, ${hour}`,
  createTitle: 'Podaj zakres dostępności',
  editTitle: 'Edytuj zakres dostępności',
  fromHour: 'Od godziny',
  toHour: 'Do godziny',
  done: 'Gotowe',
  save: 'Zapisz',
  remove: 'Usuń',
  loading: 'Wczytywanie kalendarza…',
  loadFailed: 'Nie udało się wczytać kalendarza.',
  retry: 'Spróbuj ponownie',
  offline: 'Brak połączenia z internetem. Zakres nie został zapisany — spróbuj ponownie, gdy wróci połączenie.',
  franchisesButton: 'Twoje terytoria',
  franchisesTitle: 'Current Franchises',
  noFranchises: 'Brak przypisanych terytoriów.',
  ok: 'OK',
} as const;
