import { describe, expect, it } from 'vitest';
import { actionStatusFacts, cancelRefusal, checkInRefusal, checkOutRefusal, type ActionStatusFacts } from './action-status.rules.ts';

const today = '2026-03-05';
const facts = (overrides: Partial<ActionStatusFacts> = {}): ActionStatusFacts => ({
  globalStatus: 'accepted',
  userStatus: null,
  since: '2026-03-05 08:00:00',
  ...overrides,
});

describe('check-in (spec §4 User status)', () => {
  it('a promoter may start an accepted or started action from its first day on', () => {
    expect(checkInRefusal(facts(), today)).toBeNull();
    expect(checkInRefusal(facts({ globalStatus: 'started', since: '2026-03-04 20:00:00' }), today)).toBeNull();
  });

  it('an action starting tomorrow cannot start yet', () => {
    expect(checkInRefusal(facts({ since: '2026-03-06 00:00:00' }), today)).toBe('E_WRONG_ACTION_STATUS');
  });

  it('an action the organiser cancelled or finished cannot start', () => {
    expect(checkInRefusal(facts({ globalStatus: 'hst_cancelled' }), today)).toBe('E_WRONG_ACTION_STATUS');
    expect(checkInRefusal(facts({ globalStatus: 'finished' }), today)).toBe('E_WRONG_ACTION_STATUS');
  });

  it('she cannot start again what she started or finished', () => {
    expect(checkInRefusal(facts({ userStatus: 'started' }), today)).toBe('E_WRONG_ACTION_STATUS');
    expect(checkInRefusal(facts({ userStatus: 'finished' }), today)).toBe('E_ACTION_ALREADY_CHECK_OUT');
  });

  it("the organiser's status is answered before hers", () => {
    expect(checkInRefusal(facts({ globalStatus: 'finished', userStatus: 'finished' }), today)).toBe('E_WRONG_ACTION_STATUS');
  });
});

describe('check-out and cancel (spec §4)', () => {
  it('only a started action can be finished', () => {
    expect(checkOutRefusal(facts({ userStatus: 'started' }))).toBeNull();
    expect(checkOutRefusal(facts())).toBe('E_WRONG_ACTION_STATUS');
    expect(checkOutRefusal(facts({ userStatus: 'finished' }))).toBe('E_ACTION_ALREADY_CHECK_OUT');
    expect(checkOutRefusal(facts({ userStatus: 'started', globalStatus: 'hst_cancelled' }))).toBe('E_WRONG_ACTION_STATUS');
  });

  it('only an action she has not started can be cancelled', () => {
    expect(cancelRefusal(facts())).toBeNull();
    expect(cancelRefusal(facts({ userStatus: 'started' }))).toBe('E_WRONG_ACTION_STATUS');
    expect(cancelRefusal(facts({ globalStatus: 'hst_cancelled' }))).toBe('E_WRONG_ACTION_STATUS');
  });
});

it('an action of the API gives the same facts', () => {
  const action = { since: { date: '2026-03-05 08:00:00' }, status: { global: { ident: 'accepted' as const }, user: { status: null } } };
  expect(actionStatusFacts(action)).toEqual(facts());
});
