// spec §2 Member-get-member (/mgm) and §4 its status values (decision 070). The page's title is
// pages.mgm; 'Nieprawidłowy adres email' and 'Zaznacz wymagane zgody' are the contract's §5 messages.
export const mgm = {
  ranking: 'Twój ranking',
  balance: 'Punkty',
  position: 'Miejsce w rankingu',
  points: (points: number) => `${points} pkt`,
  /** Position 0: not known yet (the state before the first maybe-join answer). */
  place: (position: number) => (position > 0 ? `${position}.` : '–'),
  rankingFailed: 'Nie udało się wczytać punktów i rankingu.',
  retry: 'Spróbuj ponownie',
  back: 'Wróć',
  /** maybe-join said no (decision 070: only during a started action). */
  notAllowed: 'Polecanie jest dostępne tylko w trakcie rozpoczętej akcji. Rozpocznij akcję, aby zaprosić konsumenta.',
  // null: the e-mail check form
  checkTitle: 'Sprawdź konsumenta',
  checkIntro: 'Wpisz adres e-mail konsumenta, którego chcesz zaprosić do programu Inspiration Club.',
  email: 'Adres e-mail konsumenta',
  check: 'Sprawdź',
  // no-consents and opt-in-request: ask to confirm the marketing consents
  noConsentsTitle: 'Brak zgód marketingowych',
  noConsents: 'Konsument nie wyraził zgód marketingowych. Aby wysłać zaproszenie, poproś go o potwierdzenie zgód.',
  optInRequestTitle: 'Potwierdź zgody marketingowe',
  optInRequest:
    'Treść zgód marketingowych zmieniła się od czasu, gdy konsument je wyraził. Aby wysłać zaproszenie, poproś go o ponowne potwierdzenie zgód.',
  confirmConsents: 'Potwierdź zgody',
  // opt-in-form
  consentsTitle: 'Zgody marketingowe',
  consentsIntro:
    'Zaznacz zgody, które konsument wyraża. Pierwsza zgoda jest wymagana. Konsument potwierdzi je kodem, który otrzyma SMS-em.',
  required: (text: string) => `${text} (zgoda wymagana)`,
  loadingConsents: 'Wczytywanie treści zgód…',
  consentsFailed: 'Nie udało się wczytać treści zgód.',
  saveConsents: 'Wyślij kod do konsumenta',
  // awaiting-code (decision 079): the consents wait for the code the consumer got by SMS
  codeTitle: 'Potwierdzenie przez konsumenta',
  codeSent: 'Konsument otrzymał SMS z zaznaczonymi zgodami i kodem (ważnym 10 minut). Jeśli zgody się zgadzają, wpisz kod, który poda.',
  code: 'Kod z SMS-a konsumenta',
  confirmCode: 'Potwierdź',
  resendCode: 'Wyślij kod ponownie',
  // can-invite
  inviteTitle: 'Zaproszenie',
  canInvite: (email: string) => `Konsument ${email} może otrzymać zaproszenie do programu.`,
  inviteQuestion: 'Wysłać mu SMS z zaproszeniem?',
  invite: 'Wyślij zaproszenie',
  // finished: spec §4 'an SMS with a link will be sent'
  finishedTitle: 'Zaproszenie wysłane',
  finished: 'Konsument otrzyma SMS z linkiem do rejestracji w programie.',
  inviteAnother: 'Zaproś kolejną osobę',
  // not-found, already-member, no-products
  notFoundTitle: 'Nie znaleziono konsumenta',
  notFound: (email: string) => `Nie znaleziono konsumenta o adresie ${email}. Sprawdź adres lub zarejestruj konsumenta w webformie.`,
  alreadyMemberTitle: 'Konsument jest już w programie',
  alreadyMember: 'Ten konsument jest już członkiem programu Inspiration Club, więc nie można go zaprosić.',
  noProductsTitle: 'Brak zarejestrowanych produktów',
  noProducts: 'Konsument nie ma zarejestrowanych urządzeń ani produktów. Zaprosić można tylko konsumenta, który ma co najmniej jeden.',
  // error (spec §2: 'Ups! Coś poszło nie tak...')
  errorTitle: 'Ups! Coś poszło nie tak...',
  /** The page was closed or reloaded while a call was under way: its answer never came. */
  interrupted: 'Przerwano operację przed odpowiedzią serwera. Sprawdź, czy się powiodła, i spróbuj ponownie.',
  // processing
  processing: 'Przetwarzanie…',
} as const;
