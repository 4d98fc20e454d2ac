import { describe, expect, it } from 'vitest';
import { DateTimeString } from './common.ts';

const accepted = (value: string) => DateTimeString.safeParse(value).success;

describe('DateTimeString', () => {
  it('accepts real dates and times, leap days included', () => {
    for (const value of [
      '2026-11-23 09:05:00',
      '2024-02-29 23:59:59',
      '2000-02-29 00:00:00',
      '2026-12-31 00:00:00',
      '2026-01-01 12:00:00',
    ]) {
      expect(accepted(value), value).toBe(true);
    }
  });

  it('refuses dates that do not exist and times past the end of the day', () => {
    for (const value of [
      '2026-02-29 10:00:00',
      '1900-02-29 10:00:00',
      '2026-02-31 00:00:00',
      '2026-04-31 00:00:00',
      '2026-13-01 00:00:00',
      '2026-00-10 00:00:00',
      '2026-11-00 00:00:00',
      '2026-11-23 24:00:00',
      '2026-11-23 10:60:00',
      '2026-11-23 10:00:60',
    ]) {
      expect(accepted(value), value).toBe(false);
    }
  });

  it('refuses other shapes with the format message', () => {
    for (const value of ['2026-11-23', '2026-11-23T10:00:00', '2026-11-23 10:00:00Z', ' 2026-11-23 10:00:00', '2026-1a-23 10:00:00']) {
      const result = DateTimeString.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Oczekiwano daty w formacie RRRR-MM-DD GG:mm:ss');
    }
  });
});
