import { describe, expect, it } from 'vitest';
import { cpuMs } from '../test/cpu-time.ts';
import { linesUpTo } from './line-count.ts';

describe('counting lines before reading a file', () => {
  it.each<[string, string, number]>([
    ['nothing', '', 0],
    ['one line without a break', 'a', 1],
    ['one line with its break', 'a\n', 1],
    ['blank lines', 'a\n\n\n', 3],
    ['CRLF breaks', 'a\r\nb\r\n', 2],
    ['lone CR breaks', 'a\rb\rc', 3],
    ['mixed breaks', 'a\r\n\rb\n', 3],
  ])('counts %s', (_name, text, lines) => {
    expect(linesUpTo(Buffer.from(text), 100)).toBe(lines);
  });

  it('stops one past the limit, however many lines follow', () => {
    const blank = Buffer.alloc(10 * 1024 * 1024, 0x0a);
    // Bounded by the CPU it costs (test/cpu-time.ts), not by a busy machine's wall clock.
    const started = cpuMs();
    expect(linesUpTo(blank, 20_000)).toBe(20_001);
    expect(linesUpTo(Buffer.alloc(1_000_000, 0x0d), 5)).toBe(6);
    expect(cpuMs() - started).toBeLessThan(1000);
  });
});
