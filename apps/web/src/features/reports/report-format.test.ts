import { describe, expect, it } from 'vitest';
import { formatDuration, formatReportDate, formatReportTime, modelLabel, soldDeviceGroups } from './report-format.ts';
import { emptyStats } from './test/report-builders.ts';

describe('report formats', () => {
  it("shows model 'nano' as 'Hyper Air' and sums one model's entries", () => {
    expect(modelLabel('nano')).toBe('Hyper Air');
    expect(modelLabel('Hyper Pro')).toBe('Hyper Pro');
    const groups = soldDeviceGroups({
      ...emptyStats(),
      currentMonth: [
        { brand: 'Glo', model: 'nano', count: 2 },
        { brand: 'Glo', model: 'Hyper Pro', count: 1 },
        { brand: 'Glo', model: 'nano', count: 1 },
      ],
    });
    expect(groups).toEqual([
      {
        period: 'currentMonth',
        label: 'Bieżący miesiąc',
        brands: [
          {
            brand: 'Glo',
            label: 'glo',
            count: 4,
            models: [
              { model: 'Hyper Air', count: 3 },
              { model: 'Hyper Pro', count: 1 },
            ],
          },
        ],
      },
    ]);
  });

  it('leaves out groups and brands with zero, keeping the spec order of periods and brands', () => {
    const groups = soldDeviceGroups({
      currentAction: [{ brand: 'Velo', model: 'Velo', count: 0 }],
      lastAction: [
        { brand: 'Velo', model: 'Velo', count: 3 },
        { brand: 'Vuse', model: 'Vuse Go', count: 0 },
        { brand: 'Glo', model: 'Hyper X2', count: 1 },
      ],
      currentMonth: [],
      lastMonth: [{ brand: 'Vuse', model: 'Vuse Go', count: 5 }],
    });
    expect(groups.map((group) => [group.label, group.brands.map((brand) => `${brand.label} ${brand.count}`)])).toEqual([
      ['Ostatnia zakończona akcja', ['glo 1', 'velo 3']],
      ['Ostatni miesiąc', ['vuse 5']],
    ]);
  });

  it('writes dates as DD-MM-YYYY, durations as HH:MM:SS and a missing time as -', () => {
    expect(formatReportDate('2026-03-05 08:00:00')).toBe('05-03-2026');
    expect(formatDuration(3 * 3600 + 2 * 60 + 5)).toBe('03:02:05');
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(100 * 3600)).toBe('100:00:00');
    expect(formatDuration(null)).toBe('-');
    expect(formatReportTime(null, '2026-03-05 10:00:00')).toBe('-');
    expect(formatReportTime('2026-03-05 10:02:03', '2026-03-05 10:00:00')).toBe('10:02:03');
    expect(formatReportTime('2026-03-06 01:00:00', '2026-03-05 10:00:00')).toBe('06-03-2026 01:00:00');
  });
});
