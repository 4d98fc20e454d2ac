// Scheduling in the back office (issue 34, decisions 126 and 127): the promoters' schedules beside an
// action, copies and repeats, and the open actions. Read only by the plan's and the open actions' lazy
// chunks, never by the back office's first screen (decision 033).

/** 1 kopia, 2 kopie, 5 kopii: the Polish count forms. */
const count = (n: number, one: string, few: string, many: string) =>
  `${n} ${n === 1 ? one : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? few : many}`;

export const biuroSchedule = {
  schedules: {
    title: 'Grafik promotorów',
    /** The days the schedules show: 'wt., 1.12'. */
    titleOn: (days: string) => `Grafik promotorów: ${days}`,
    legend: 'Zielone: dostępność z jej kalendarza. Szare: inne akcje. Niebieska ramka: ta akcja.',
    none: 'Na tym terytorium nie ma aktywnych promotorów.',
    available: (spans: string) => `Dostępna: ${spans}`,
    noAvailability: 'Nie zgłosiła dostępności na ten dzień.',
    others: (list: string) => `Inne akcje: ${list}`,
    noOthers: 'Brak innych akcji.',
    free: 'Wolna',
    assigned: 'Przypisana',
    conflicts: { overlap: 'Inna akcja w tym czasie', outside_availability: 'Poza dostępnością' } as Record<string, string>,
    assign: 'Przypisz',
    assignWho: (name: string) => `Przypisz: ${name}`,
    /** What a refused assignment overrides: the blocks of her calendar that day. */
    declared: (spans: string) => ` Zgłoszona dostępność: ${spans}.`,
  },
  copy: {
    title: 'Kopiuj lub powtórz',
    intro: 'Każda kopia to osobna akcja z tymi samymi punktami i godzinami, w innym dniu.',
    mode: 'Sposób',
    modeDays: 'Na wybrane dni',
    modeRepeat: 'Powtarzaj w wybrane dni tygodnia',
    day: 'Dzień',
    addDay: 'Dodaj dzień',
    removeDay: (day: string) => `Usuń dzień ${day}`,
    chosenDays: 'Wybrane dni',
    weekdays: 'W dni tygodnia',
    /** Monday first, as the plan's weeks. */
    weekdayNames: ['poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota', 'niedziela'],
    workdays: 'Dni robocze (pon.–pt.)',
    until: 'Do dnia (włącznie)',
    withPromoters: 'Z przypisanymi promotorami (ich grafik zostanie sprawdzony)',
    preview: (n: number) => `Powstanie ${count(n, 'kopia', 'kopie', 'kopii')}:`,
    noDays: 'Wybierz co najmniej jeden dzień.',
    tooMany: (max: number) => `Naraz można utworzyć najwyżej ${max} kopii. Skróć okres albo skopiuj w dwóch częściach.`,
    submit: 'Kopiuj',
    anyway: 'Kopiuj mimo to',
    done: (n: number) => `Utworzono ${count(n, 'kopię', 'kopie', 'kopii')}.`,
    left: (names: string) => `Bez promotorów, którzy nie są już aktywni albo nie pracują na tym terytorium: ${names}.`,
    exists: (list: string) => `Ta akcja już jest w planie: ${list}. Nic nie skopiowano — usuń te dni i spróbuj ponownie.`,
    /** A conflict of one copy: its day and time, then what it meets. */
    conflictOn: (when: string, text: string) => `${when} — ${text}`,
    more: (n: number) => `…i ${count(n, 'kolejny konflikt', 'kolejne konflikty', 'kolejnych konfliktów')}.`,
  },
  week: {
    open: 'Kopiuj tydzień',
    title: (label: string) => `Kopiuj tydzień ${label}`,
    intro: 'Akcje tego tygodnia (bez odwołanych) zostaną skopiowane na kolejne tygodnie, w te same dni tygodnia i godziny, z punktami.',
    territory: 'Terytorium',
    all: 'Wszystkie moje terytoria',
    weeks: 'Na ile kolejnych tygodni',
    targets: (list: string) => `Tygodnie: ${list}`,
    actions: (n: number) => `Akcje do skopiowania: ${n}`,
    empty: 'W tym tygodniu nie ma akcji do skopiowania.',
  },
  open: {
    title: 'Nieobsadzone akcje',
    intro: 'Zaplanowane akcje, do których nikt nie jest przypisany (albo wszyscy zrezygnowali w aplikacji) — zostały do obsadzenia.',
    none: 'W tym tygodniu wszystkie akcje są obsadzone.',
    count: (n: number) => `${count(n, 'akcja nieobsadzona', 'akcje nieobsadzone', 'akcji nieobsadzonych')}`,
    territoryCount: (territory: string, n: number) => `${territory}: ${count(n, 'akcja', 'akcje', 'akcji')}`,
    staff: 'Obsadź',
    staffWho: (name: string, day: string) => `Obsadź: ${name} (${day})`,
    panelTitle: (name: string) => `Obsadź akcję: ${name}`,
    when: 'Termin',
    points: 'Punkty',
  },
};
