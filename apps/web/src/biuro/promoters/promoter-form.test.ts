import { describe, expect, it } from 'vitest';
import * as pl from '../../i18n/pl.ts';
import { buildPromoter } from '../test/builders.ts';
import { emptyPromoterForm, promoterFormOf, promoterInputOf, validatePromoterForm } from './promoter-form.ts';
import { promotersListBody } from './promoters-view.ts';

describe('the promoter form', () => {
  it('a new promoter needs names, a login, a territory and a password of at least 8 characters', () => {
    const errors = validatePromoterForm({ ...emptyPromoterForm(['WAW-CENTRUM', 'WAW-POLUDNIE']), password: 'krótkie' }, true);
    expect(Object.keys(errors).sort()).toEqual(['firstname', 'lastname', 'password', 'territories', 'username']);
    expect(errors.territories).toBe(pl.biuro.promoters.territoriesRequired);
  });

  it('a coordinator of one territory gets it chosen; editing never asks for a password', () => {
    expect(emptyPromoterForm(['KRK-STARE-MIASTO']).territories).toEqual(['KRK-STARE-MIASTO']);
    const promoter = buildPromoter({ mobilePhone: null });
    expect(validatePromoterForm(promoterFormOf(promoter), false)).toEqual({});
  });

  it('sends trimmed names and no phone when it was left empty', () => {
    const values = { ...promoterFormOf(buildPromoter()), firstname: '  Anna ', mobilePhone: ' ' };
    expect(promoterInputOf(values)).toMatchObject({ firstname: 'Anna', mobilePhone: null });
  });
});

describe('the promoters list call', () => {
  it('asks the server for the filters of the address; an empty filter is left out', () => {
    expect(promotersListBody({ szukaj: ' Anna ', terytorium: 'WAW-CENTRUM', status: 'nieaktywni' })).toEqual({
      page: 1,
      pageSize: 200,
      search: 'Anna',
      territory: 'WAW-CENTRUM',
      active: false,
    });
    expect(promotersListBody({ szukaj: '', terytorium: '', status: '' })).toEqual({ page: 1, pageSize: 200 });
  });
});
