import { describe, expect, it } from 'vitest';
import { cpuMs } from '../../test/cpu-time.ts';
import { Timeline } from './plan-confirmations.ts';

const span = (since: string, until: string, id = `${since}–${until}`) => ({ id, since, until });

describe("a promoter's timeline (the import's schedule conflicts, searched by time)", () => {
  it('finds the actions that overlap a span, a long one that started much earlier too, and none that only touch it', () => {
    const timeline = new Timeline([
      span('2031-02-02 10:00:00', '2031-02-02 12:00:00'),
      span('2031-02-01 20:00:00', '2031-02-02 09:30:00', 'overnight'),
      span('2031-02-02 08:00:00', '2031-02-02 09:00:00', 'ends at the start'),
      span('2031-02-02 11:00:00', '2031-02-02 11:30:00'),
      span('2031-02-02 13:00:00', '2031-02-02 14:00:00', 'starts at the end'),
    ]);
    const found = timeline.overlapping(span('2031-02-02 09:00:00', '2031-02-02 13:00:00')).map((s) => s.id);
    expect(found).toEqual(['overnight', '2031-02-02 10:00:00–2031-02-02 12:00:00', '2031-02-02 11:00:00–2031-02-02 11:30:00']);
  });

  it('answers a plan of 10,000 actions for one promoter within a few milliseconds each', () => {
    const day = (i: number) => new Date(Date.UTC(2031, 0, 1 + Math.floor(i / 10))).toISOString().slice(0, 10);
    const actions = Array.from({ length: 10_000 }, (_, i) =>
      span(`${day(i)} ${String(8 + (i % 10)).padStart(2, '0')}:00:00`, `${day(i)} ${String(8 + (i % 10)).padStart(2, '0')}:45:00`),
    );
    const timeline = new Timeline([...actions]);
    // Only the lookups are timed, by the CPU they cost (test/cpu-time.ts): 10,000 deep-equality assertions
    // took most of a second on a busy machine, and a waiting process's wall clock runs on.
    const started = cpuMs();
    const found = actions.map((a) => timeline.overlapping(a));
    const took = cpuMs() - started;
    expect(found.every((overlapping, i) => overlapping.length === 1 && overlapping[0] === actions[i])).toBe(true);
    // Each compared with all the others took over a second; this is a few hundred comparisons in all.
    expect(took).toBeLessThan(1000);
  });
});
