import type { IntegrityFlagKind } from '@promotor/contract';

// Issue 38 (decision 138): the plausibility flags as the report's panel, Raporty and Pulpit word them.
// Each flag is said from its kind and its evidence's numbers ('Zameldowanie 820 m od punktu,
// dokładność 35 m'); the numbers are the server's, the words are here.

const metres = (m: number) => (m >= 1000 ? `${(m / 1000).toFixed(1).replace('.', ',')} km` : `${Math.round(m)} m`);
const minutesText = (m: number) => (m >= 60 ? `${Math.floor(m / 60)} h ${Math.round(m % 60)} min` : `${Math.round(m)} min`);
const seconds = (s: number) => {
  const a = Math.abs(Math.round(s));
  return a >= 60 ? minutesText(a / 60) : `${a} s`;
};

export const biuroIntegrity = {
  filter: 'Do wyjaśnienia',
  filterOption: 'Tylko do wyjaśnienia',
  /** Raporty's state column: the open flags' count beside the state. */
  columnCount: (n: number) => `Do wyjaśnienia: ${n}`,
  section: 'Do wyjaśnienia',
  sectionIntro:
    'Sygnały z pozycji i zdjęć, które warto sprawdzić. To nie jest automatyczne odrzucenie: obejrzyj dowody, potem oznacz sygnał jako wyjaśniony albo poproś o poprawki.',
  none: 'Brak sygnałów do wyjaśnienia.',
  kinds: {
    check_in_far: 'Zameldowanie daleko od punktu',
    weak_fix: 'Słaby sygnał GPS',
    teleport: 'Nierealna prędkość',
    frozen_fixes: 'Podejrzanie stałe pozycje',
    clock_skew: 'Rozbieżny zegar telefonu',
    left_point: 'Poza punktem w godzinach akcji',
    photo_reused: 'To samo zdjęcie',
    photo_similar: 'Bardzo podobne zdjęcie',
    photo_blank: 'Jednolite zdjęcie',
  } satisfies Record<IntegrityFlagKind, string>,
  weak: 'Słaby dowód, nie błąd',
  open: 'Otwarte',
  explainedBadge: 'Wyjaśnione',
  raisedAt: (at: string) => `Wykryto ${at}`,
  // The sentences, one per kind, from the evidence's numbers (a missing number: the kind's words alone).
  checkInFar: (distance: number, accuracy: number | null) =>
    `Zameldowanie ${metres(distance)} od punktu${accuracy === null ? '' : `, dokładność ${metres(accuracy)}`}`,
  weakFix: (accuracy: number) => `Dokładność pozycji przy zameldowaniu ${metres(accuracy)}`,
  teleport: (speed: number, from: string | null, to: string | null) =>
    from && to ? `Prędkość ${Math.round(speed)} km/h między ${from} a ${to}` : `Prędkość ${Math.round(speed)} km/h między pozycjami`,
  frozenIdentical: (count: number) => `${count} identycznych pozycji z rzędu`,
  frozenZero: 'Dokładność pozycji równa dokładnie 0 m',
  frozenReplayed: (count: number, action: string | null, day: string | null) =>
    `Trasa odtworzona${action ? ` z akcji „${action}”${day ? ` z ${day}` : ''}` : ''}: te same współrzędne (co do 0,1 m) w ${count} miejscach`,
  frozenSame: (accuracy: number | null) =>
    accuracy === null ? 'Ta sama dokładność przez cały dzień' : `Ta sama dokładność przez cały dzień: ${metres(accuracy)}`,
  clockSkew: (skew: number) => `Zegar telefonu ${skew >= 0 ? 'spieszy się' : 'spóźnia się'} o ${seconds(skew)}`,
  leftPoint: (minutes: number, distance: number | null) =>
    `Poza punktem przez ${minutesText(minutes)}${distance === null ? '' : `, do ${metres(distance)} od punktu`}`,
  photoReused: (action: string, day: string) => `To samo zdjęcie co w akcji ${action} z ${day}`,
  photoSimilar: (action: string, day: string, bits: number | null) =>
    `Prawie to samo zdjęcie co w akcji ${action} z ${day}${bits === null ? '' : ` (różnica ${bits} z 64 bitów)`}`,
  photoBlank: 'Zdjęcie prawie jednolite (zasłonięty obiektyw?)',
  // The evidence.
  map: (name: string) => `Mapa: pozycje promotora i punkt ${name}`,
  mapNoTiles: 'Bez podkładu mapy (serwer nie ma MAP_TILE_URL): tylko pozycje i odległości.',
  fix: (n: number, at: string, accuracy: number | null) =>
    `Pozycja ${n}, ${at}${accuracy === null ? '' : `, dokładność ${metres(accuracy)}`}`,
  fromPrevious: (m: number) => `, ${metres(m)} od poprzedniej`,
  point: (name: string) => `Punkt: ${name}`,
  distance: metres,
  scale: (m: number) => metres(m),
  thisPhoto: 'To zdjęcie',
  earlierPhoto: (action: string, day: string, promoter: string | null) => `Wcześniej: ${action}, ${day}${promoter ? `, ${promoter}` : ''}`,
  // 'Wyjaśnione' with a note.
  note: 'Wyjaśnienie',
  noteHint: 'Zobaczą je koordynatorzy i administrator (zapisywane w dzienniku zmian).',
  noteRequired: 'Napisz, jak to wyjaśniono.',
  explain: 'Oznacz jako wyjaśnione',
  explaining: 'Zapisywanie…',
  explainedBy: (by: string, at: string) => `Wyjaśnione: ${by}, ${at}`,
  explained: 'Sygnał oznaczony jako wyjaśniony.',
  // Pulpit.
  dashboardTitle: 'Akcje do wyjaśnienia według tygodni',
  dashboardIntro: 'Akcje z co najmniej jednym sygnałem z pozycji lub zdjęć (także już wyjaśnionym), według tygodnia planowanego startu.',
  dashboardColumns: { week: 'Tydzień', territory: 'Terytorium', actions: 'Akcje' },
  dashboardNone: 'Brak akcji z sygnałami w tym okresie.',
  week: (monday: string, sunday: string) => `${monday} – ${sunday}`,
} as const;
