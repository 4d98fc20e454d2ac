export const pages = {
  actions: 'Aktualnie trwające akcje:',
  /** The tab's title of /akcje ('Akcje — Promotor'): the heading's colon reads badly there. */
  actionsTitle: 'Akcje',
  actionDetail: 'Szczegóły akcji',
  actionStart: 'Rozpoczynanie akcji',
  actionEnd: 'Zakończenie akcji',
  reports: 'Raporty',
  reportDetail: 'Raport z akcji',
  calendar: 'Kalendarz',
  mgm: 'Poleć znajomemu',
  webform: 'Webform',
  photos: 'Zdjęcia produktów',
  backToActions: 'Wróć do akcji',
  backToReports: 'Wróć do raportów',
} as const;
