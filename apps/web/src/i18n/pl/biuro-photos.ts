// 'Zdjęcia', the back office's photo library (issue 38, decision 138): read only by its lazy page
// (decision 089). Plain data and functions: nothing here runs when a chunk imports it.
export const biuroPhotos = {
  title: 'Zdjęcia',
  intro: 'Zdjęcia startowe, końcowe i z ankiet z raportów, od najnowszych.',
  clientIntro: 'Zdjęcia z zaakceptowanych raportów, od najnowszych.',
  from: 'Od dnia',
  to: 'Do dnia',
  territory: 'Terytorium',
  point: 'Punkt',
  /** The point filter is set from a thumbnail: its point's name, and a way back to every point. */
  chosenPoint: 'wybrany punkt',
  anyPoint: 'wszystkie — wybierz punkt pod zdjęciem',
  clearPoint: (name: string) => `Pokaż wszystkie punkty zamiast: ${name}`,
  onlyPoint: (name: string) => `Tylko punkt ${name}`,
  promoter: 'Promotor (kod hostessy)',
  event: 'Wydarzenie (identyfikator)',
  kind: 'Rodzaj',
  flaggedOnly: 'Tylko oznaczone',
  toBeforeFrom: 'Data „do” nie może być wcześniejsza niż „od”.',
  kinds: { start: 'Start', end: 'Koniec', survey: 'Ankieta' } as Record<string, string>,
  /** The photo flags of decision 138, as a thumbnail's badge. */
  flags: { photo_reused: 'Powtórzone', photo_similar: 'Podobne', photo_blank: 'Puste' } as Record<string, string>,
  flagged: 'Oznaczone',
  empty: 'Brak zdjęć dla wybranych filtrów.',
  more: 'Pokaż więcej',
  loadingMore: 'Wczytywanie kolejnych zdjęć…',
  shown: (n: number) =>
    `Pokazano ${n} ${n === 1 ? 'zdjęcie' : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 'zdjęcia' : 'zdjęć'}`,
  allShown: 'To wszystkie zdjęcia.',
  loadingImage: 'Wczytywanie…',
  imageFailed: 'Nie udało się wczytać zdjęcia.',
  /** The accessible name of a thumbnail's button: what opens. */
  open: (caption: string) => `Otwórz zdjęcie: ${caption}`,
  dialogTitle: (caption: string) => `Zdjęcie: ${caption}`,
  close: 'Zamknij',
  action: (name: string) => `Akcja: ${name}`,
  noPoint: 'bez punktu',
};
