import type { SampleBrand, SamplePeriod, SampleStatEntry, SampleStatsResponse } from '@promotor/contract';
import * as pl from '../../i18n/pl.ts';

// spec §2 Reports list and Report detail: what the numbers and times look like. Dates arrive as the
// API's 'YYYY-MM-DD HH:mm:ss' (wall clock of the server's zone), so they are cut, never converted.

// Zod-free copies of the contract's lists: importing SAMPLE_PERIODS would bring zod into the chunk.
const PERIODS: readonly SamplePeriod[] = ['currentAction', 'lastAction', 'currentMonth', 'lastMonth'];
const BRANDS: readonly SampleBrand[] = ['Glo', 'Vuse', 'Velo'];

export type ModelCount = { model: string; count: number };
export type BrandTotal = { brand: SampleBrand; label: string; count: number; models: ModelCount[] };
export type PeriodGroup = { period: SamplePeriod; label: string; brands: BrandTotal[] };

/** spec §2: model 'nano' is shown as 'Hyper Air'; any other model as the server names it. */
export const modelLabel = (model: string): string => pl.reports.modelNames[model.trim().toLowerCase()] ?? model;

function brandTotal(brand: SampleBrand, entries: SampleStatEntry[]): BrandTotal {
  const byModel = new Map<string, number>();
  for (const entry of entries) {
    if (entry.brand !== brand || entry.count <= 0) continue;
    const label = modelLabel(entry.model);
    byModel.set(label, (byModel.get(label) ?? 0) + entry.count);
  }
  const models = [...byModel].map(([model, count]) => ({ model, count }));
  return { brand, label: pl.reports.brands[brand], count: models.reduce((sum, m) => sum + m.count, 0), models };
}

/** The four groups of 'Ilość sprzedanych urządzeń:' in the spec's order; groups and brands with zero are left out (spec §2). */
export function soldDeviceGroups(stats: SampleStatsResponse): PeriodGroup[] {
  return PERIODS.map((period) => ({
    period,
    label: pl.reports.periods[period],
    brands: BRANDS.map((brand) => brandTotal(brand, stats[period] ?? [])).filter((total) => total.count > 0),
  })).filter((group) => group.brands.length > 0);
}

/** '2026-03-05 08:00:00' → '05-03-2026' (spec §2 Reports list: DD-MM-YYYY). */
export function formatReportDate(dateTime: string): string {
  const [year, month, day] = dateTime.slice(0, 10).split('-');
  return `${day}-${month}-${year}`;
}

/** A recorded time: 'HH:mm:ss', with its date when it is not the report's day; '-' when there is none (spec §2). */
export function formatReportTime(dateTime: string | null, reportDay: string): string {
  if (!dateTime) return pl.reports.none;
  const time = dateTime.slice(11, 19);
  return dateTime.slice(0, 10) === reportDay.slice(0, 10) ? time : `${formatReportDate(dateTime)} ${time}`;
}

/** 3725 → '01:02:05' (spec §2: duration as HH:MM:SS; hours go past 99 rather than wrap). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return pl.reports.none;
  const two = (n: number) => String(n).padStart(2, '0');
  const whole = Math.max(0, Math.floor(seconds));
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}
