// The pages where she adds what the coordinator asked for (issue 25, decision 093: the survey and the
// end photos of a finished action, sent again). A section of its own: those pages' chunks carry it
// without the reports' texts.
export const reportFixes = {
  backToReport: 'Wróć do raportu',
  loadFailed: 'Nie udało się wczytać raportu.',
  retry: 'Spróbuj ponownie',
  /** Opened for a report that asks for nothing (any more). */
  closed: 'Tego raportu nie trzeba teraz uzupełniać.',
} as const;
