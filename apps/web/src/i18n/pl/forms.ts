// The form widgets of spec §2 "Other popups and screens".
export const forms = {
  // spec §2: the select's defaults are these English texts, verbatim.
  select: { placeholder: 'Select...', noOptions: 'No options', loading: 'Loading...' },
  sending: 'Wysyłanie',
  phone: { prefix: 'Prefiks', number: 'Numer telefonu' },
  postalCodePlaceholder: 'xx-xxx',
  stepper: {
    label: 'Postęp',
    step: (current: number, count: number) => `Krok ${current} z ${count}`,
    back: 'Cofnij',
    next: 'Dalej',
  },
} as const;
