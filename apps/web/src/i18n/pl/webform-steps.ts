// spec §2 Webform steps 2 (offers, 'Dalej') and 3 (consumer data and consents, 'Zarejestruj'), the
// receipt camera. The §5 messages come from the contract (webformMessages); the consent texts and the
// offer cards from the catalogue. What the spec does not show is ours (decision 069).
export const webformSteps = {
  /** 'Cofnij' as on step 1, the one back the spec names (spec §2 Webform; decision 076). */
  back: 'Cofnij',
  offers: {
    legend: 'Wybierz ofertę',
    /** Why a card cannot be ticked (spec §4 Webform). */
    unavailable: 'Oferta niedostępna dla tego konsumenta.',
    notWithNeo: 'Nie łączy się z ofertą Neo.',
    chooseAnotherFirst: 'Najpierw wybierz inną ofertę.',
    /** The heading of a chosen offer's fields. */
    details: (offer: string) => `Oferta ${offer}`,
    model: 'Model',
    colour: 'Kolor',
    flavour: 'Smak',
    assetSource: 'Źródło urządzenia',
    sampling: (number: number) => `Próbka veo ${number}`,
    serialNumber: 'Numer seryjny urządzenia (opcjonalnie)',
    veloFlavour: 'Smak Velo',
    neoOffer: 'Rodzaj próbki',
    next: 'Dalej',
  },
  consumer: {
    data: 'Dane konsumenta',
    hostessCode: 'Kod HST',
    tourPlan: 'Numer akcji',
    registerLocation: 'Lokalizacja rejestracji',
    firstName: 'Imię',
    lastName: 'Nazwisko',
    birthDate: 'Data urodzenia',
    billingPostalCode: 'Kod pocztowy',
    category: 'Kategoria konsumenta',
    isHoreca: 'Konsument pracuje w branży HoReCa (hotel, restauracja, kawiarnia, bar)',
    consents: 'Zgody',
    consentsHint: 'Każdą zgodę zaznacza konsument sam, po przeczytaniu jej treści.',
    required: 'wymagana',
    register: 'Zarejestruj',
  },
  receipt: {
    title: 'Zdjęcie paragonu',
    /** The offers need no receipt (spec §5: Velo is the only offer besides InspirationClub). */
    notRequired: 'Dla wybranych ofert zdjęcie paragonu nie jest wymagane.',
    add: 'Dodaj zdjęcie paragonu',
    retake: 'Zrób ponownie',
    /** The accessible name of 'Zrób ponownie' (the camera's review has a button of the same label). */
    retakeReceipt: 'Zrób ponownie zdjęcie paragonu',
    preview: 'Zdjęcie paragonu: podgląd',
    notStored: 'Nie udało się zapisać zdjęcia w telefonie. Spróbuj ponownie.',
  },
} as const;
