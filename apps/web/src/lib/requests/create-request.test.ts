import { describe, expect, it, vi } from 'vitest';
import { removeToken, saveToken } from '../storage/token.ts';
import { createRequest } from './create-request.ts';
import { WAIT_MS } from '../../test/wait.ts';

/** A call whose answers the test gives, one per call, in order. */
function deferredCalls<T>() {
  const answers: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const call = vi.fn(() => new Promise<T>((resolve, reject) => answers.push({ resolve, reject })));
  return { call, answer: (n: number) => answers[n]! };
}

describe('a shared request', () => {
  it('keeps the answer and says it is loaded', async () => {
    const kept: string[][] = [];
    const request = createRequest({ call: () => Promise.resolve(['Degustacja glo']), onSuccess: (list: string[]) => kept.push(list) });
    expect(request.snapshot().status).toBe('idle');

    const running = request.run();
    expect(request.snapshot().status).toBe('loading');
    await expect(running).resolves.toBe(true);

    expect(kept).toEqual([['Degustacja glo']]);
    expect(request.snapshot()).toEqual({ status: 'loaded', error: null, runs: 1 });
  });

  it('calls made while one is under way share it', async () => {
    const { call, answer } = deferredCalls<string>();
    const request = createRequest({ call });
    const first = request.run();
    const second = request.run();
    expect(call).toHaveBeenCalledTimes(1);

    answer(0).resolve('lista');
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    // Once it has answered, the next run is a call of its own.
    const later = request.run();
    expect(call).toHaveBeenCalledTimes(2);
    answer(1).resolve('lista');
    await later;
  });

  it('a failure is said once, kept in the snapshot, and never rejects', async () => {
    const onError = vi.fn();
    const failure = new Error('E_SERVER');
    const request = createRequest({ call: () => Promise.reject(failure), onError });

    await expect(Promise.all([request.run(), request.run()])).resolves.toEqual([false, false]);
    expect(onError).toHaveBeenCalledExactlyOnceWith(failure);
    expect(request.snapshot()).toMatchObject({ status: 'failed', error: failure });
  });

  it('a call that throws at once fails like any other', async () => {
    const request = createRequest({
      call: () => {
        throw new Error('bad body');
      },
    });
    await expect(request.run()).resolves.toBe(false);
    expect(request.snapshot().status).toBe('failed');
  });

  it('a refresh after a change does not end on the answer of a call started before it', async () => {
    const { call, answer } = deferredCalls<string>();
    const kept: string[] = [];
    const request = createRequest({ call, onSuccess: (list: string) => kept.push(list) });
    const before = request.run();
    // Two changes while the first call is under way: one more call follows it, not two.
    const refreshed = request.refresh();
    void request.refresh();

    answer(0).resolve('before the check-in');
    await before;
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(2), { timeout: WAIT_MS });
    answer(1).resolve('after the check-in');

    await expect(refreshed).resolves.toBe(true);
    expect(kept).toEqual(['before the check-in', 'after the check-in']);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('tells its subscribers each change until they leave', async () => {
    const request = createRequest({ call: () => Promise.resolve(1) });
    const seen: string[] = [];
    const leave = request.subscribe(() => seen.push(request.snapshot().status));
    await request.run();
    leave();
    await request.run();
    expect(seen).toEqual(['loading', 'loaded']);
  });

  it('after a logout and another login, the next page does not join the call still under way, nor is its answer kept', async () => {
    const { call, answer } = deferredCalls<string>();
    const kept: string[] = [];
    const onError = vi.fn();
    const request = createRequest({ call, onSuccess: (list: string) => kept.push(list), onError });
    saveToken('token-of-anna');
    const annas = request.run();

    removeToken();
    saveToken('token-of-beata');
    const beatas = request.run();
    expect(call).toHaveBeenCalledTimes(2);

    answer(0).resolve('the list of Anna');
    await expect(annas).resolves.toBe(false);
    expect(request.snapshot().status).toBe('loading');
    answer(1).resolve('the list of Beata');
    await expect(beatas).resolves.toBe(true);
    expect(kept).toEqual(['the list of Beata']);
    // Beata's call is the one under way no more: the next run is a call of its own.
    void request.run();
    expect(call).toHaveBeenCalledTimes(3);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a refresh Anna arranged does not stand in for the one Ewa asks for after her own change', async () => {
    const { call, answer } = deferredCalls<string>();
    const kept: string[] = [];
    const request = createRequest({ call, onSuccess: (list: string) => kept.push(list) });
    saveToken('token-of-anna');
    void request.run();
    void request.refresh();

    saveToken('token-of-ewa');
    void request.run();
    // Her check-in was accepted while her list was still coming: one more call must follow it.
    const refreshed = request.refresh();
    answer(0).resolve('the list of Anna');
    // Anna's call settles, and whatever it arranged runs, while Ewa's is still under way.
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer(1).resolve('Ewa before her check-in');
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(3), { timeout: WAIT_MS });
    answer(2).resolve('Ewa after her check-in');

    await expect(refreshed).resolves.toBe(true);
    expect(kept).toEqual(['Ewa before her check-in', 'Ewa after her check-in']);
  });

  it('a call that fails after she logged out says nothing and leaves no failure behind', async () => {
    const { call, answer } = deferredCalls<string>();
    const onError = vi.fn();
    const request = createRequest({ call, onError });
    saveToken('token-of-anna');
    const annas = request.run();
    removeToken();

    answer(0).reject(new Error('E_INTERNAL'));
    await expect(annas).resolves.toBe(false);
    expect(onError).not.toHaveBeenCalled();
    expect(request.snapshot()).toMatchObject({ status: 'loading', error: null });
    // Whoever logs in next gets a call of her own.
    saveToken('token-of-beata');
    void request.refresh();
    expect(call).toHaveBeenCalledTimes(2);
  });
});
