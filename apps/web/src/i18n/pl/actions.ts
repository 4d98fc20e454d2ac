export const actions = {
  empty: 'Brak akcji na dziś.',
  /** Later actions exist, none runs now (decision 111). */
  noneRunning: 'Teraz nie trwa żadna akcja. Kolejne znajdziesz w Kalendarzu.',
  loadFailed: 'Nie udało się wczytać akcji.',
  retry: 'Spróbuj ponownie',
  active: 'W trakcie',
  cancelled: 'Odwołana',
  pending: 'Oczekuje na wysłanie',
  /** Read out (not shown) when an action of her list changes state: WCAG 4.1.3, decision 139. */
  announce: {
    pending: (name: string) => `Akcja „${name}”: oczekuje na wysłanie.`,
    started: (name: string) => `Akcja „${name}” rozpoczęta.`,
    finished: (name: string) => `Akcja „${name}” zakończona.`,
    cancelled: (name: string) => `Akcja „${name}” odwołana.`,
  },
  start: 'Rozpocznij',
  end: 'Zakończ',
  // Why 'Rozpocznij' does not open the form (docs/decisions/046, 047)
  otherRunning: (name: string) => `Masz już rozpoczętą akcję „${name}”. Zakończ ją, zanim rozpoczniesz następną.`,
  goToFinish: (name: string) => `Przejdź do zakończenia akcji „${name}”`,
  noPoint: 'Tej akcji nie można jeszcze rozpocząć: nie ma przypisanej lokalizacji.',
  waiting: 'Poprzednia zmiana tej akcji czeka na wysłanie. Spróbuj ponownie, gdy zostanie wysłana.',
} as const;
export const actionDetail = {
  ident: 'ID akcji',
  canEnd: 'Można już zakończyć akcję.',
  cancel: 'Odwołać',
  cancelQuestion: 'Czy na pewno chcesz odwołać swój udział w akcji?',
  confirm: 'Potwierdź',
  duration: 'Czas trwania',
  location: 'Lokalizacja',
  chooseLocation: 'Wybierz lokalizację',
  noPoints: 'Ta akcja nie ma jeszcze lokalizacji.',
  notFound: 'Nie ma tej akcji na Twojej liście.',
} as const;
export const actionStart = {
  checklist: 'Zaznacz odpowiednie',
  items: {
    has_badge: 'Posiadam identyfikator',
    has_tablet: 'Posiadam tablet',
    has_outfit: 'Jestem ubrana(-y) w wymagany strój',
    has_product_stock: 'Posiadam zapas produktu',
  },
  cashTerminalStep: 'Wpisz numer kasoterminala',
  cashTerminal: 'Nr kasoterminala',
  cashTerminalPlaceholder: 'Wpisz numer',
  photoHint: 'Stań naprzeciwko półki z produktami i uchwyć pełen widok.',
  needCashTerminal: 'Wpisz poprawny numer kasoterminala.',
  needLocation: 'Wybierz lokalizację akcji.',
  unavailable: 'Tej akcji nie można teraz rozpocząć.',
} as const;
export const actionEnd = {
  reasons: {
    no_product_at_location: 'Brak produktu w miejscu akcji',
    no_product_in_stock: 'Brak produktu w moim zapasie',
    no_traffic: 'Brak ruchu w miejscu akcji',
    no_sales: 'Brak sprzedaży',
    location_change: 'Zmiana miejsca akcji',
    private_reason: 'Powód prywatny',
    other: 'Inne',
  },
  otherText: 'Opisz powód',
  otherPlaceholder: 'Twoja treść...',
  needReason: 'Wybierz powód zakończenia.',
  needText: 'Opisz powód zakończenia.',
  unavailable: 'Tej akcji nie można teraz zakończyć.',
  // decision 119: on plan (at most 15 minutes before the planned end) the reason is not asked
  onPlan: (until: string) =>
    `Akcja dobiegła planowanego końca (${until}), więc powód nie jest potrzebny. Zaznacz go tylko, jeśli coś poszło nie tak.`,
  clearReason: 'Wyczyść wybór',
  /** What the report says when she ended on plan without a reason. */
  asPlanned: 'Zgodnie z planem (bez powodu)',
} as const;
export const actionForm = {
  photos: 'Zdjęcia',
  takePhotos: 'Zrób zdjęcia',
  front: 'Zdjęcie z przedniego aparatu',
  rear: 'Zdjęcie z tylnego aparatu',
  retake: 'Usuń zdjęcia i zrób ponownie',
  needPhotos: 'Zrób oba zdjęcia.',
  blockers: 'Aby wysłać:',
  failed: 'Nie udało się zapisać. Spróbuj ponownie.',
} as const;
/** The end photos sent again while changes of her report are requested (issue 25, decision 093). */
export const actionEndPhotos = {
  title: 'Zdjęcia z zakończenia akcji',
  hint: 'Zrób zdjęcia przednim i tylnym aparatem, jak przy zakończeniu akcji. Zastąpią wysłane wcześniej.',
  send: 'Wyślij zdjęcia',
  queued: 'Zdjęcia zapisane. Zostaną wysłane do koordynatora.',
} as const;
/** The start and end forms' drafts (decision 076). */
export const actionDraft = {
  restored: 'Przywrócono dane wpisane wcześniej w tym formularzu.',
  clear: 'Wyczyść formularz',
  question: 'Usunąć wpisane dane?',
  description: 'Zaznaczenia, wpisany tekst i zdjęcia z tego formularza zostaną usunięte z telefonu.',
  confirm: 'Usuń',
} as const;
