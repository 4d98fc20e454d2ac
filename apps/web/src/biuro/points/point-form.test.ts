import { describe, expect, it } from 'vitest';
import { buildRegisterPoint } from '../test/point-builders.ts';
import { emptyPointForm, pointCodeInput, pointFieldsOf, pointFormOf, validatePointForm } from './point-form.ts';

// The point panel's form (issue 34): the contract's rules, as the server and the import apply them.

const filled = { ...emptyPointForm(['WAW-CENTRUM']), name: 'Arkadia', street: 'al. Jana Pawła II 82', city: 'Warszawa' };

describe("the point's form", () => {
  it('asks for the territory, name, street and city; the rest may stay empty', () => {
    expect(validatePointForm(emptyPointForm([]), false)).toEqual({
      territory: 'Wybierz terytorium.',
      name: 'Podaj nazwę punktu.',
      street: 'Podaj ulicę i numer.',
      city: 'Podaj miejscowość.',
    });
    expect(validatePointForm(filled, false)).toEqual({});
  });

  it('judges the code, postal code and coordinates by the rules the server applies', () => {
    const errors = validatePointForm({ ...filled, code: 'zły kod', postalCode: '00175', latitude: '91', longitude: '' }, false);
    expect(errors).toEqual({
      code: expect.stringContaining('Kod punktu'),
      postalCode: 'Kod pocztowy musi mieć postać 00-000.',
      latitude: 'Szerokość geograficzna to liczba od -90 do 90, np. 52.2297.',
    });
    expect(validatePointForm({ ...filled, latitude: '52,2' }, false)).toEqual({ longitude: 'Podaj obie współrzędne albo żadnej.' });
    // An existing point keeps a code.
    expect(validatePointForm({ ...filled, code: ' ' }, true)).toEqual({ code: 'Podaj kod punktu.' });
  });

  it('sends trimmed text, empty texts as none, coordinates with a comma as numbers, the code in capitals', () => {
    const values = { ...filled, code: ' ark-1 ', name: ' Arkadia ', latitude: '52,2565', longitude: '20.9843', chain: '  ' };
    expect(pointFieldsOf(values)).toEqual({
      name: 'Arkadia',
      streetAddress: 'al. Jana Pawła II 82',
      postalCode: null,
      cityName: 'Warszawa',
      latitude: 52.2565,
      longitude: 20.9843,
      chain: null,
      notes: null,
    });
    expect(pointCodeInput(values)).toBe('ARK-1');
    expect(pointCodeInput(filled)).toBeNull();
  });

  it('shows a point of the register as typed: a decimal comma, none as empty', () => {
    const point = buildRegisterPoint({ latitude: 52.2301, longitude: 21.0027, postalCode: null });
    expect(pointFormOf(point)).toMatchObject({ code: point.code, latitude: '52,2301', longitude: '21,0027', postalCode: '', chain: '' });
  });
});
