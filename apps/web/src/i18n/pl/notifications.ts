// Her inbox ('Powiadomienia', issue 37): the header's bell, the list at /powiadomienia and turning on
// Web Push. A section of its own: the header's chunk carries the bell's few words, the list's chunk the rest.

/** Polish's three forms after a count: one (1), few (2–4, 22–24…), many (0, 5–21, 25…). */
function plural(count: number, one: string, few: string, many: string): string {
  const tens = count % 100;
  const ones = count % 10;
  if (count === 1) return one;
  if (ones >= 2 && ones <= 4 && (tens < 12 || tens > 14)) return few;
  return many;
}

const actionsWord = (count: number) => plural(count, 'akcja', 'akcje', 'akcji');

export const notificationBell = {
  /** The bell's accessible name; the count is left out at 0. */
  label: (unread: number) => (unread > 0 ? `Powiadomienia, ${unread} nieprzeczytane` : 'Powiadomienia'),
  /** Said by a screen reader when new notifications come while the app is open (issue 39). */
  arrived: (count: number) => plural(count, 'Nowe powiadomienie', `${count} nowe powiadomienia`, `${count} nowych powiadomień`),
} as const;

export const notifications = {
  title: 'Powiadomienia',
  loading: 'Wczytywanie powiadomień…',
  loadFailed: 'Nie udało się wczytać powiadomień.',
  /** Above what was kept when a reload failed (no connection). */
  offline: 'Nie udało się odświeżyć. Pokazuję ostatnio wczytane powiadomienia.',
  retry: 'Spróbuj ponownie',
  empty: 'Brak powiadomień.',
  markAllRead: 'Oznacz wszystkie jako przeczytane',
  showOlder: 'Pokaż starsze',
  /** Part of an unread notification's name, before its title: a screen reader says it too. */
  unread: 'Nieprzeczytane',
  kinds: {
    report_returned: 'Raport do poprawy',
    action_cancelled: 'Akcja odwołana',
    action_moved: 'Akcja przeniesiona',
    action_assigned: 'Nowa akcja',
    plan_changed: 'Zmiany w planie',
  },
  /** 'Uwaga koordynatora: …' under a report sent back. */
  note: (note: string) => `Uwaga koordynatora: ${note}`,
  /** A moved action: what it was → what it is. */
  moved: (before: string, after: string) => `${before} → ${after}`,
  planChanged: (count: number) => `${count} ${actionsWord(count)} w najbliższych 7 dniach`,
  planChangedUncounted: 'Sprawdź swoje akcje na najbliższe 7 dni.',
  push: {
    heading: 'Powiadomienia na telefonie',
    enable: 'Włącz powiadomienia',
    enabling: 'Włączanie…',
    offer: 'Dostaniesz powiadomienie, gdy koordynator odeśle raport albo zmieni się Twój plan.',
    enabled: 'Powiadomienia na tym telefonie są włączone.',
    unsupported: 'Ta przeglądarka nie obsługuje powiadomień. Nowe powiadomienia zobaczysz tutaj po otwarciu aplikacji.',
    unavailable: 'Powiadomienia na telefon są chwilowo niedostępne. Nowe powiadomienia zobaczysz tutaj.',
    failed: 'Nie udało się włączyć powiadomień. Sprawdź połączenie i spróbuj ponownie.',
    denied: 'Powiadomienia są zablokowane dla tej strony.',
    deniedHelp:
      'Aby je odblokować, stuknij ikonę kłódki obok adresu strony (lub otwórz ustawienia przeglądarki), wybierz Uprawnienia → Powiadomienia → Zezwalaj, a potem wróć tutaj.',
    iosHeading: 'Najpierw dodaj aplikację do ekranu początkowego',
    iosSteps: [
      'Otwórz tę stronę w Safari.',
      'Stuknij przycisk Udostępnij (kwadrat ze strzałką w górę).',
      'Wybierz „Dodaj do ekranu początkowego” i stuknij „Dodaj”.',
      'Otwórz Promotor z ikony na ekranie początkowym i wróć tutaj, by włączyć powiadomienia.',
    ],
    iosWhy: 'Na iPhonie i iPadzie powiadomienia działają tylko w aplikacji dodanej do ekranu początkowego (iOS 16.4 lub nowszy).',
  },
} as const;

/**
 * What the service worker shows for a push (vite-plugins/service-worker.ts writes it into sw.js). The
 * payload carries no personal data (issue 37): the words are general, the app shows the details.
 */
export const notificationPush = {
  report_returned: { title: 'Raport do poprawy', body: 'Koordynator odesłał Twój raport. Stuknij, aby zobaczyć uwagi.' },
  action_cancelled: { title: 'Akcja odwołana', body: 'Jedna z Twoich akcji została odwołana. Stuknij, aby zobaczyć szczegóły.' },
  action_moved: { title: 'Zmiana w planie', body: 'Jedna z Twoich akcji została przeniesiona. Stuknij, aby zobaczyć szczegóły.' },
  action_assigned: { title: 'Nowa akcja', body: 'Masz nową akcję. Stuknij, aby zobaczyć szczegóły.' },
  plan_changed: { title: 'Zmiana w planie', body: 'Twój plan na najbliższe dni się zmienił. Stuknij, aby zobaczyć akcje.' },
  /** A push whose payload could not be read. */
  other: { title: 'Promotor', body: 'Masz nowe powiadomienie. Stuknij, aby je zobaczyć.' },
} as const;
