// Promotorzy (/biuro/promotorzy, issue 34, decision 121): the CSV import of promoters and what
// deactivation does for a coordinator. Its own section, so only the page that uses it carries these
// words, never the back office's first screen (decision 033).

export const biuroPromoters = {
  import: 'Importuj z CSV',
  csv: {
    title: 'Import promotorów z pliku CSV',
    intro:
      'Plik CSV w UTF-8 (w Excelu: „Zapisz jako” → „CSV UTF-8”), jeden wiersz na promotora. Wiersz z loginem, który już jest, zmienia imię, nazwisko, telefon i terytoria tego promotora (tylko w Twoich terytoriach; hasła i kodu hostessy import nie zmienia); inny wiersz dodaje nowego promotora. Przyjmujemy:',
    forms: [
      'separator ; albo , (Excel po polsku zapisuje ;),',
      'kilka terytoriów w jednej komórce, oddzielonych ; albo , (np. „WAW-CENTRUM, WAW-PRAGA”),',
      'telefon tak, jak się go pisze, np. 600 123 456,',
      'kod_hostessy pusty — system nada kod; hasło_startowe potrzebne tylko nowym promotorom (przekaż je im; zmienią je w aplikacji),',
      'nazwy kolumn po polsku albo po angielsku, w dowolnej kolejności; telefon, kod_hostessy i hasło_startowe mogą zostać pominięte. Nagłówek szablonu:',
    ],
    template: 'Pobierz szablon z przykładowym wierszem (szablon-promotorow.csv)',
    file: 'Plik CSV',
    preview: 'Sprawdź plik',
    previewing: 'Sprawdzanie…',
    chooseFile: 'Wybierz plik CSV.',
    previewTitle: 'Podgląd zmian (nic jeszcze nie zapisano)',
    created: (n: number) => `Nowi promotorzy: ${n}`,
    updated: (n: number) => `Zmienieni promotorzy: ${n}`,
    unchanged: (n: number) => `Bez zmian: ${n}`,
    nothingToChange: 'Plik niczego nie zmienia: wszyscy promotorzy już są tacy, jak w pliku.',
    errorsTitle: (n: number) => `Błędy w pliku: ${n}. Popraw je i sprawdź plik ponownie — nic nie zostało zapisane.`,
    columns: {
      row: 'Wiersz',
      column: 'Kolumna',
      message: 'Błąd',
      change: 'Zmiana',
      name: 'Promotor (login)',
      code: 'Kod hostessy',
      territories: 'Terytoria',
      fields: 'Co się zmienia',
    },
    changeCreated: 'nowy',
    changeUpdated: 'zmieniony',
    newCode: 'nada system',
    fields: { firstname: 'imię', lastname: 'nazwisko', mobilePhone: 'telefon', territories: 'terytoria' } as Record<string, string>,
    confirm: 'Zapisz promotorów',
    done: (created: number, updated: number) => `Zapisano promotorów: nowi ${created}, zmienieni ${updated}.`,
  },
  /** A coordinator's deactivation: her territories only (decision 121). */
  removeFromMine: 'Usuń z moich terytoriów',
  removeFromMineConfirm: (name: string, mine: string, others: string) =>
    `Usunąć z Twoich terytoriów (${mine}) konto: ${name}? Zostaje aktywne na pozostałych: ${others}; z Twojej listy zniknie.`,
  removedFromMine: 'Usunięto z Twoich terytoriów.',
  deactivateLastConfirm: (name: string) =>
    `${name} nie ma innych terytoriów niż Twoje: konto zostanie dezaktywowane, sesje zakończą się od razu; historia akcji zostaje.`,
} as const;
