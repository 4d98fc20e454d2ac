// The back office's staff accounts (issue 34): 'Personel' (decision 118), the page of her link to set a
// password, and 'Nie pamiętasz hasła?' (decision 120). Each export is read by its own part, so the first
// screen (the login page, the menu) carries only `biuroStaffEntry` (decision 033).

/** The entry's few words: the menu's page, the login page's link and what it says after a password was set. */
export const biuroStaffEntry = {
  nav: 'Personel',
  forgotPassword: 'Nie pamiętasz hasła?',
  passwordSet: 'Hasło ustawione. Zaloguj się nim.',
  passwordChanged: 'Hasło zmienione. Zaloguj się nowym hasłem.',
} as const;

export const biuroStaff = {
  title: 'Personel',
  intro: 'Konta pracowników biura: role, terytoria i dostęp. Nowa osoba dostaje e-mailem link do ustawienia hasła.',
  add: 'Dodaj pracownika',
  searchPlaceholder: 'Imię, nazwisko lub login',
  role: 'Rola',
  status: 'Status',
  activeOnly: 'Aktywne',
  inactiveOnly: 'Nieaktywne',
  columns: { name: 'Imię i nazwisko', username: 'Login', roles: 'Role', territories: 'Terytoria', status: 'Status' },
  statuses: {
    active: 'Aktywne',
    waiting: 'Czeka na hasło',
    linkExpired: 'Link wygasł',
    inactive: 'Nieaktywne',
  },
  noName: '(bez imienia)',
  allTerritories: 'wszystkie',
  edit: 'Edytuj',
  createTitle: 'Nowy pracownik',
  editTitle: (name: string) => `Konto: ${name}`,
  firstName: 'Imię',
  lastName: 'Nazwisko',
  username: 'Login (adres e-mail)',
  usernameHint: 'Na ten adres wyślemy link do ustawienia hasła. Loginu nie można później zmienić.',
  usernameFixed: (username: string) => `Login: ${username}`,
  roles: 'Role',
  roleNames: { admin: 'Administrator', coordinator: 'Koordynator', client: 'Klient', privacy: 'Inspektor ochrony danych' } as Record<
    string,
    string
  >,
  roleHints: {
    admin: 'wszystko poza danymi konsumentów; zarządza kontami personelu',
    coordinator: 'promotorzy, plan, raporty i dzień na żywo — tylko na swoich terytoriach',
    client: 'podgląd: plan, zatwierdzone raporty, eksporty, pulpit',
    privacy: 'dane konsumentów, zgody i wnioski; dziennik zdarzeń',
  } as Record<string, string>,
  territories: 'Terytoria',
  territoriesHint: 'Koordynator widzi tylko swoje terytoria. Pozostałe role widzą wszystkie.',
  required: 'To pole jest wymagane.',
  created: (username: string) => `Dodano konto. Link do ustawienia hasła wysłano na adres ${username}.`,
  updated: 'Zapisano zmiany.',
  ownAccount: 'To Twoje konto: nie możesz go dezaktywować ani odebrać sobie roli administratora.',
  password: 'Hasło',
  passwordSet: 'Hasło ustawione.',
  waiting: (until: string) => `Czeka na ustawienie hasła. Link jest ważny do ${until}.`,
  noOpenLink: 'Hasło nie zostało jeszcze ustawione, a link wygasł.',
  sendLink: 'Wyślij nowy link do ustawienia hasła',
  sendLinkHint:
    'Wyślemy e-mail z linkiem ważnym 72 godziny; poprzedni link przestanie działać. Ustawienie hasła kończy jej lub jego sesje.',
  linkSent: (username: string) => `Wysłano nowy link na adres ${username}.`,
  deactivate: 'Dezaktywuj konto',
  deactivateConfirm: (name: string) =>
    `Dezaktywować konto: ${name}? Jej lub jego sesje zakończą się od razu, a link do hasła przestanie działać. Wpisy w dzienniku zostają.`,
  deactivated: 'Konto dezaktywowane.',
  reactivate: 'Aktywuj ponownie',
  reactivateHint: 'Konto jest nieaktywne. Po ponownej aktywacji można logować się dotychczasowym hasłem.',
  reactivated: 'Konto znów aktywne.',
} as const;

/** The pages without a session: her link (/biuro/ustaw-haslo) and the two steps of a forgotten password. */
export const biuroPasswords = {
  setTitle: 'Ustaw hasło',
  setIntro: (who: string) => `Konto ${who}: ustaw hasło, którym będziesz logować się do biura.`,
  validUntil: (until: string) => `Link jest ważny do ${until} i działa jeden raz.`,
  checking: 'Sprawdzanie linku…',
  noToken: 'W tym adresie nie ma linku do ustawienia hasła. Otwórz link z wiadomości e-mail.',
  newPassword: 'Nowe hasło',
  repeatPassword: 'Powtórz hasło',
  mismatch: 'Hasła nie są takie same.',
  setSubmit: 'Ustaw hasło',
  goToLogin: 'Przejdź do logowania',
  forgotTitle: 'Nie pamiętasz hasła?',
  forgotIntro:
    'Wpisz login (adres e-mail) swojego konta w biurze. Jeśli takie konto istnieje, wyślemy na ten adres kod do ustawienia nowego hasła.',
  username: 'Login (adres email)',
  sendCode: 'Wyślij kod',
  backToLogin: 'Wróć do logowania',
  codeTitle: 'Ustaw nowe hasło',
  codeIntro: (username: string) =>
    `Jeśli konto ${username} istnieje, wysłaliśmy na ten adres kod. Jest ważny 10 minut. Wpisz go i nowe hasło.`,
  code: 'Kod z wiadomości e-mail',
  codeSubmit: 'Zmień hasło',
  codeRefused: 'Kod jest nieprawidłowy, wygasł albo wykorzystano limit prób. Sprawdź go albo poproś o nowy kod.',
  requestNewCode: 'Wyślij kod ponownie',
} as const;
