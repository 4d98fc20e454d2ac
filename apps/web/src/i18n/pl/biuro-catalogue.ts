// Events and territories (/biuro/wydarzenia, /biuro/terytoria; issue 34, decision 123): their own
// section, so only these pages carry these words, never the back office's first screen (decision 033).

// What both pages say alike is written out in each: a spread at the top of a module keeps the module
// in every chunk that imports the catalogue, the phone's first screen included (decision 033).

export const biuroEvents = {
  searchPlaceholder: 'Kod lub nazwa',
  edit: 'Edytuj',
  readOnly: 'Zmieniać je może tylko administrator.',
  updated: 'Zapisano zmiany.',
  tooMany: (shown: number, total: number) => `Pokazano ${shown} z ${total}. Zawęź wyszukiwanie, aby zobaczyć pozostałe.`,
  title: 'Wydarzenia',
  intro:
    'Kampanie marki, do których należą akcje i partie kodów. Plan i import planu wybierają wydarzenie po jego identyfikatorze — nowe dodaj tutaj, zanim je zaplanujesz.',
  add: 'Dodaj wydarzenie',
  empty: 'Nie ma jeszcze wydarzeń. Dodaj pierwsze, aby planować akcje.',
  columns: { ident: 'Identyfikator', name: 'Nazwa', actions: 'Akcje', batches: 'Partie kodów' },
  createTitle: 'Nowe wydarzenie',
  editTitle: (name: string) => `Wydarzenie: ${name}`,
  form: {
    ident: 'Identyfikator',
    identHint: 'Tak plik planu i import kodów nazywają wydarzenie, np. EV-2026-GLO. Litery, cyfry, „-”, „_” i „.”.',
    identChangeHint: 'Zmiana identyfikatora nie zmienia akcji ani kodów; pliki muszą od teraz używać nowego.',
    name: 'Nazwa',
  },
  created: 'Dodano wydarzenie.',
} as const;

export const biuroTerritories = {
  searchPlaceholder: 'Kod lub nazwa',
  edit: 'Edytuj',
  readOnly: 'Zmieniać je może tylko administrator.',
  updated: 'Zapisano zmiany.',
  tooMany: (shown: number, total: number) => `Pokazano ${shown} z ${total}. Zawęź wyszukiwanie, aby zobaczyć pozostałe.`,
  title: 'Terytoria',
  intro: 'Obszary, na których pracują promotorzy i koordynatorzy. Akcje, punkty i import planu wskazują terytorium po jego kodzie.',
  add: 'Dodaj terytorium',
  empty: 'Nie ma jeszcze terytoriów.',
  columns: { ident: 'Kod', name: 'Nazwa', promoters: 'Promotorzy', staff: 'Pracownicy', actions: 'Akcje' },
  createTitle: 'Nowe terytorium',
  editTitle: (name: string) => `Terytorium: ${name}`,
  form: {
    ident: 'Kod',
    identHint: 'Wielkie litery, cyfry i „-”, np. WAW-CENTRUM. Tak nazywa je plik planu.',
    identChangeHint: 'Zmiana kodu nie przenosi promotorów ani akcji; pliki muszą od teraz używać nowego.',
    name: 'Nazwa',
  },
  created: 'Dodano terytorium.',
} as const;

export type CatalogueTexts = typeof biuroEvents | typeof biuroTerritories;
