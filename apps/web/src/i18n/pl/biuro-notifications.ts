// What reached her (issue 37, decision 135): the 'Powiadomienia' section of a report's panel and of an
// action's panel, and a resend. Read only by the reports' and the plan's lazy chunks (decision 033).

// The language's own plural rules (1 urządzenie, 2 urządzenia, 5 urządzeń), not a hand-written one;
// made when first asked: a module-level side effect would keep this section in every chunk of pl.ts.
const DEVICES: Record<string, string> = { one: 'urządzenie', few: 'urządzenia', many: 'urządzeń' };

export const biuroNotifications = {
  title: 'Powiadomienia',
  loading: 'Wczytywanie powiadomień…',
  empty: 'Nic jeszcze nie wysłano',
  /** The contract's NotificationKind, as staff name the event. */
  kinds: {
    report_returned: 'Raport do poprawy',
    action_cancelled: 'Akcja odwołana',
    action_moved: 'Akcja przeniesiona',
    action_assigned: 'Nowa akcja',
    plan_changed: 'Zmiany w planie',
  } as Record<string, string>,
  /** The list's name for assistive technology: one promoter's (a report) or the action's. */
  listOf: (whose: string) => `Powiadomienia: ${whose}`,
  createdAt: 'Utworzone',
  channels: { push: 'Push', app: 'Aplikacja', sms: 'SMS', resent: 'Ponownie' },
  push: {
    noDevices: 'Brak urządzeń z powiadomieniami',
    pending: 'Jeszcze nie wysłane',
    sent: (at: string) => `Wysłane ${at}`,
    shown: (at: string) => `Wyświetlone ${at}`,
    /** Beside 'Wysłane': her devices with push when it was made. */
    devices: (n: number) => `${n} ${DEVICES[new Intl.PluralRules('pl-PL').select(n)] ?? DEVICES.many}`,
  },
  app: {
    read: (at: string) => `Przeczytane w aplikacji ${at}`,
    unread: 'Nieprzeczytane',
  },
  /** The contract's SmsFallbackState. */
  sms: {
    not_needed: 'Nie dotyczy',
    waiting: 'Czeka — pójdzie, jeśli nie odczyta',
    /** 'waiting' with its due time. */
    waitingUntil: (at: string) => `Czeka (do ${at})`,
    quiet_hours: 'Cisza nocna — wyśle o 8:00',
    sent: (at: string) => `Wysłany ${at}`,
    failed: 'Nie wysłano',
  },
  resentNever: 'Nie',
  resentBy: (at: string, who: string) => `${at}, ${who}`,
  resend: 'Wyślij ponownie',
  /** The button's name: several notifications, one button each. */
  resendOf: (what: string) => `Wyślij ponownie: ${what}`,
  resendConfirm:
    'Wysłać ponownie? Push trafi od razu na jej urządzenia; SMS (przy odwołaniu, przeniesieniu lub raporcie do poprawy) — od razu, a w ciszy nocnej o 8:00.',
  resent: 'Wysłano ponownie.',
} as const;
