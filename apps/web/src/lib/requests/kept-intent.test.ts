import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.ts';
import { mayHaveBeenDone, withKeptIntent, type IntentKeeping } from './kept-intent.ts';

/** A saved place for one intent, as a feature's slice keeps it. */
function savedIntent(initial: string | null = null) {
  let saved = initial;
  const keeping: IntentKeeping<string> = { kept: () => saved, keep: (intent) => (saved = intent), forget: () => (saved = null) };
  return { keeping, saved: () => saved };
}

let keys = 0;
const newKey = () => `key-${(keys += 1)}`;

describe('an intent sent with a kept Idempotency-Key', () => {
  it('a new intent is kept before it is sent, and forgotten once answered', async () => {
    const place = savedIntent();
    const seen: (string | null)[] = [];
    const answer = await withKeptIntent(place.keeping, newKey, (key) => {
      seen.push(key, place.saved());
      return Promise.resolve(`done with ${key}`);
    });

    expect(seen[0]).toBe(seen[1]);
    expect(answer).toBe(`done with ${seen[0]}`);
    expect(place.saved()).toBeNull();
  });

  it('a retry sends the kept intent again, not a new one', async () => {
    const place = savedIntent('key-of-the-first-try');
    const sent: string[] = [];
    await withKeptIntent(place.keeping, newKey, (key) => Promise.resolve(sent.push(key)));

    expect(sent).toEqual(['key-of-the-first-try']);
  });

  it.each([
    ['a lost connection', new ApiError('network', null)],
    ['the first try still running', new ApiError('api', 'E_IDEMPOTENCY_IN_PROGRESS', 'ts-1', undefined, 409)],
    ["a gateway's 5xx page", new ApiError('unexpected', null, null, undefined, 502)],
    ['something that is no answer at all', new TypeError('Failed to fetch')],
  ])('after %s the intent is kept for the retry', async (_what, error) => {
    const place = savedIntent();
    await expect(withKeptIntent(place.keeping, newKey, () => Promise.reject(error))).rejects.toBe(error);

    expect(place.saved()).not.toBeNull();
    expect(mayHaveBeenDone(error)).toBe(true);
  });

  it.each([
    ["the server's refusal", new ApiError('api', 'E_VALIDATION', 'ts-1', undefined, 400)],
    ['an answer that is not the envelope, below 500', new ApiError('unexpected', null, null, undefined, 404)],
  ])('after %s the intent is forgotten: the next try is a new request', async (_what, error) => {
    const place = savedIntent();
    await expect(withKeptIntent(place.keeping, newKey, () => Promise.reject(error))).rejects.toBe(error);

    expect(place.saved()).toBeNull();
  });

  it('an answer that ended her session leaves the saved state alone (it went with her session)', async () => {
    const place = savedIntent('key-of-the-first-try');
    const forgetting: string[] = [];
    const keeping = { ...place.keeping, forget: () => void forgetting.push('forgotten') };
    const refused = new ApiError('api', 'E_UNAUTHORIZED', 'ts-1', undefined, 401);

    await expect(withKeptIntent(keeping, newKey, () => Promise.reject(refused))).rejects.toBe(refused);
    expect(forgetting).toEqual([]);
  });

  it('an intent that could not be made is neither kept nor sent', async () => {
    const place = savedIntent();
    const failure = new Error('no such catalogue entry');
    let sent = false;
    const make = () => Promise.reject<string>(failure);

    await expect(withKeptIntent(place.keeping, make, () => Promise.resolve((sent = true)))).rejects.toBe(failure);
    expect(sent).toBe(false);
    expect(place.saved()).toBeNull();
  });
});
