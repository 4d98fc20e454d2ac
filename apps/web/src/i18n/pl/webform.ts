// spec §2 Webform (/webform): the page, steps 0, 1 and 4, its modals and what its sending says (§8
// Registration errors and Other). The §5 messages live in the contract (webform-messages.ts), the error
// codes' messages in ./field-errors.ts; the offer and consumer steps' texts in ./webform-steps.ts.
// Decision 068 says which of these the spec gives verbatim and which are ours.
export const webform = {
  noAction: 'Brak aktywnych akcji',
  noActionHint: 'Rozpocznij akcję, aby zarejestrować konsumenta.',
  goToActions: 'Przejdź do akcji',
  cataloguesLoading: 'Wczytywanie formularza…',
  cataloguesFailed: 'Nie udało się wczytać danych formularza.',
  retry: 'Spróbuj ponownie',
  /** The notice on the special test action (spec §2: a started action whose name contains exp1707). */
  testAction: 'Akcja testowa: rejestracje z tej akcji nie są liczone w statystykach. Kody weryfikacyjne nie są wymagane.',
  // step 0
  contactTitle: 'Dane kontaktowe konsumenta',
  email: 'Adres e-mail',
  phone: 'Numer telefonu',
  sendCodes: 'Wyślij kody',
  skipCodes: 'Dalej bez kodów',
  // step 1
  codesTitle: 'Kody weryfikacyjne',
  codesSentTo: (email: string, phone: string) => `Kody wysłano na adres ${email} i numer ${phone}.`,
  /** After the test action's 'Dalej bez kodów': nothing was sent (decision 076). */
  codesSkipped:
    'Kodów nie wysłano. Na akcji testowej możesz zweryfikować konsumenta bez kodów albo wysłać je przyciskiem „Wyślij ponownie”.',
  smsCode: 'Kod SMS',
  emailCode: 'Kod e-mail',
  resend: 'Wyślij ponownie',
  resent: 'Wysłano nowe kody.',
  back: 'Cofnij',
  verify: 'Zweryfikuj',
  verifyWithoutCodes: 'Zweryfikuj bez kodów',
  // step 3 (the step itself is webform-steps.ts')
  registerWithoutCodes: 'Zarejestruj bez kodów',
  /** A registration sent without an answer (the connection dropped): the form is locked until it is resent. */
  pendingAttempt: 'Poprzednia próba rejestracji nie otrzymała odpowiedzi. Wyślij ją ponownie, aby poznać wynik.',
  sendAttemptAgain: 'Wyślij ponownie',
  /** An attempt whose key the server knows with another body (only one kept by an older app): its result is unknown. */
  attemptUnknown:
    'Nie udało się poznać wyniku poprzedniej próby rejestracji. Konsument mógł już zostać zarejestrowany: sprawdź to, zanim zarejestrujesz go ponownie.',
  // step 4
  successTitle: 'Konsument został zarejestrowany',
  offerDone: {
    Glo: 'Urządzenie glo zostało zarejestrowane na konsumenta.',
    Vuse: 'Urządzenie Vuse zostało zarejestrowane na konsumenta.',
    Velo: 'Konsument otrzymał próbkę saszetek Velo.',
    Neo: 'Konsument otrzymał próbkę wkładów neo.',
    InspirationClub: 'Konsument został zapisany do programu Inspiration Club.',
  },
  activationEmail: 'Klient otrzyma e-mail z linkiem aktywacyjnym do programu lojalnościowego.',
  icFailed: 'Nie udało się zapisać konsumenta do programu lojalnościowego.',
  icCode: 'Kod błędu:',
  finish: 'Zakończ',
  // reset
  startOver: 'Zacznij od nowa',
  startOverQuestion: 'Zacząć od nowa? Wpisane dane konsumenta zostaną usunięte.',
  /** The same while an attempt awaits its answer: she may be registered already, and would not learn it. */
  startOverPendingQuestion: 'Zacząć od nowa bez wyniku rejestracji?',
  startOverPendingWarning:
    'Poprzednia próba rejestracji nie otrzymała odpowiedzi: konsument mógł już zostać zarejestrowany, a jej wyniku już nie poznasz. Wpisane dane konsumenta zostaną usunięte.',
  // modals (spec §2 webform-otp-error-modal, webform-available-modal; §8 Other)
  otpErrorPhone: 'Błędny kod OTP telefonu',
  otpErrorEmail: 'Błędny kod OTP e-mail',
  otpErrorOther: 'Błąd weryfikacji',
  ok: 'OK',
  gloProTitle: 'Oferta Glo Pro',
  gloPro: 'Konsument ma urządzenie glo starszego typu i może skorzystać z oferty wymiany na glo Hyper Pro.',
  network: 'Brak połączenia z internetem. Sprawdź połączenie i spróbuj ponownie.',
  codesNotSent: 'Nie udało się wysłać kodów.',
  /** spec §8 Registration: "anything else: form submission error". */
  submitFailed: 'Wystąpił błąd podczas wysyłania formularza.',
  consentsChanged:
    'Treść zgód została zaktualizowana. Pokaż konsumentowi nowe treści i poproś o ponowne zaznaczenie zgód, a potem wyślij formularz ponownie.',
  /** spec §8 Other: the receipt of a registration was refused (the outbox's failure popup). */
  receiptFailed: 'Wystąpił błąd podczas wysyłania paragonu.',
} as const;
