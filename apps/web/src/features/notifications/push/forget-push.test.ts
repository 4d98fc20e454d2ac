import { afterEach, describe, expect, it } from 'vitest';
import { endSession } from '../../../store/app-store.ts';
import { fakeSubscription, removeFakePush, SERVER_KEY, useFakePush } from '../test/fake-push.ts';
import { keyBytes } from './push-subscription.ts';

afterEach(removeFakePush);

describe('her session ending', () => {
  it("drops this phone's push subscription in the browser, whatever ended it (a refused token too)", async () => {
    const browser = useFakePush({ permission: 'granted', subscription: fakeSubscription(keyBytes(SERVER_KEY)) });
    const subscription = browser.subscription()!;

    endSession('E_EXPIRED');

    await expect.poll(() => subscription.unsubscribe.mock.calls.length).toBe(1);
  });

  it('is harmless in a browser without a service worker', () => {
    expect(() => endSession(null)).not.toThrow();
  });
});
