// The back office's dashboard (/biuro/pulpit, issue 25, decision 094): its own section, so only the
// page's lazy chunk carries these words (decision 033).

export const biuroDashboard = {
  title: 'Pulpit',
  intro: 'Liczby wybranego okresu: rejestracje, kody, akcje i wyjątki.',
  from: 'Od dnia',
  to: 'Do dnia',
  territory: 'Terytorium',
  periodTooLong: (days: number) => `Okres może mieć najwyżej ${days} dni.`,
  periodReversed: 'Dzień „do” nie może być przed dniem „od”.',
  brands: { Glo: 'glo', Vuse: 'Vuse', Velo: 'Velo' },
  tiles: {
    label: 'Podsumowanie okresu',
    registrations: 'Rejestracje',
    codes: 'Wydane kody',
    /** The period's actions, each once under its status (decision 110): the five below add up to it. */
    total: 'Wszystkie akcje',
    planned: 'Zaplanowane',
    started: 'W trakcie',
    finished: 'Zakończone',
    approved: 'Zaakceptowane',
    cancelled: 'Odwołane',
  },
  actionsTitle: 'Akcje',
  exceptionsTitle: 'Wyjątki w okresie',
  noExceptions: 'Brak wyjątków w tym okresie.',
  registrationsChart: 'Rejestracje dziennie według marki',
  codesChart: 'Wydane kody dziennie',
  total: 'Razem',
  showTable: 'Liczby dzień po dniu (tabela)',
  columns: { date: 'Dzień', codes: 'Kody' },
  noChart: 'Wykres niedostępny w tej przeglądarce — liczby są w tabeli poniżej.',
} as const;
