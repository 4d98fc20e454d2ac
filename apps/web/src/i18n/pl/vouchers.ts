// spec §2 Action detail popups and Header (the coupon icon), §8 the redemption's success toast.
export const vouchers = {
  chooseBatch: 'Wybierz kategorię:',
  loadingBatches: 'Wczytywanie kategorii…',
  noBatches: 'Brak kategorii kodów dla tej akcji.',
  batchesFailed: 'Nie udało się wczytać kategorii kodów.',
  codesTitle: (batch: string) => `Kody: ${batch}`,
  loadingCodes: 'Wczytywanie kodów…',
  codesFailed: 'Nie udało się wczytać kodów.',
  /** Shown above the codes last loaded when the reload failed (no connection). */
  codesOffline: 'Nie udało się odświeżyć kodów. Pokazuję ostatnio wczytane.',
  noCodes: 'Brak dostępnych kodów',
  generate: 'Generuj kody',
  /** decision 074: the server hands a new set only once every code of hers is given, and these are not there yet. */
  generateAfterSending: 'Wydane kody czekają na wysłanie. Nowe kody wygenerujesz po ich wysłaniu.',
  redeem: 'Wydaj',
  /** The accessible name of one code's 'Wydaj' (each row has one). */
  redeemCode: (ident: string) => `Wydaj kod ${ident}`,
  confirmRedeem: (ident: string) => `Wydaję kod ${ident}:`,
  confirm: 'Potwierdź',
  retry: 'Spróbuj ponownie',
  close: 'Zamknij',
  changeBatch: 'Zmień kategorię',
  redeemed: 'Wydano kod.',
  /** A queued redemption refused by the server: what was refused, before the code's message. */
  redeemFailed: 'Nie udało się zapisać wydania kodu.',
  /** E_WRONG_ACTION_STATUS of a queued redemption (it is judged by the moment she gave the code). */
  redeemNotStarted: 'Nie udało się zapisać wydania kodu: w chwili wydania nie było rozpoczętej akcji tego wydarzenia.',
} as const;
