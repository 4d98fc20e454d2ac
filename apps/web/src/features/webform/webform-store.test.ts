import { describe, expect, it } from 'vitest';
import { buildAction, buildActionPoint } from '../actions/test/build-action.ts';
import { newForm } from './webform-store.ts';

// 'Lokalizacja rejestracji' (spec §5 Consumer form: required on a multi-point action) starts at the
// point she checked in at (decision 076).

const points = [buildActionPoint({ uuid: 'point-a' }), buildActionPoint({ uuid: 'point-b' })];
const her = { ident: 'HST1001' };

describe('a new webform', () => {
  it('on a multi-point action presets the registration location to her check-in point', () => {
    const action = buildAction({ status: 'started', points, checkedInAt: 'point-b' });
    expect(newForm(action, her).data.registerLocation).toBe('point-b');
  });

  it('leaves it empty on a one-point action, or when her check-in point is not one of the action’s', () => {
    expect(newForm(buildAction({ status: 'started', checkedInAt: 'point-x' }), her).data.registerLocation).toBe('');
    expect(newForm(buildAction({ status: 'started', points, checkedInAt: 'point-x' }), her).data.registerLocation).toBe('');
    expect(newForm(buildAction({ status: 'started', points }), her).data.registerLocation).toBe('');
  });
});
