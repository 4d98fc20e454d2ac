import { describe, expect, it } from 'vitest';
import { AfterAnswer } from './after-answer.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('AfterAnswer: the work after an upload’s answer', () => {
  it('starts nothing before the next turn of the event loop, then runs the tasks one at a time in the order given', async () => {
    const work = new AfterAnswer();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} starts`);
      await tick();
      log.push(`${name} ends`);
    };
    void work.run('a', task('a'));
    void work.run('b', task('b'));
    expect(log).toEqual([]);
    expect(work.size).toBe(2);
    await work.settled();
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
    expect(work.size).toBe(0);
  });

  it('a failing task is logged and the next still runs; settled() covers tasks given while it waited', async () => {
    const warnings: string[] = [];
    const work = new AfterAnswer({ warn: (_: unknown, message: string) => warnings.push(message) } as never);
    const done: string[] = [];
    void work.run('the thumbnail of an upload', async () => {
      // A task that gives another (as an upload's fingerprints follow its thumbnails).
      void work.run('later', async () => void done.push('later'));
      throw new Error('unreadable');
    });
    const first = work.run('second', async () => void done.push('second'));
    await work.settled();
    await first;
    expect(done).toEqual(['second', 'later']);
    expect(warnings).toEqual(['the thumbnail of an upload failed after the answer (made again when missing)']);
    // Nothing under way: settled at once.
    await expect(work.settled()).resolves.toBeUndefined();
  });

  it('while an upload stores its bytes (hold) no task starts; at its release they do, and a task held longer than its bound starts anyway', async () => {
    const work = new AfterAnswer(undefined, 50);
    const started: string[] = [];
    const release = work.hold();
    void work.run('a', async () => void started.push('a'));
    await tick();
    await tick();
    expect(started).toEqual([]);
    release();
    await work.settled();
    expect(started).toEqual(['a']);

    // Uploads that never stop: the oldest task waits its bound (50 ms here, 2 s in the app), no longer.
    const forever = work.hold();
    const at = Date.now();
    await work.run('b', async () => void started.push('b'));
    expect(Date.now() - at).toBeGreaterThanOrEqual(45);
    expect(started).toEqual(['a', 'b']);
    forever();
  });
});
