import { PLAN_CSV_COLUMNS, type PlanCsvColumn } from '@promotor/contract/rules';

// Plan files for the CSV import's tests and its bench (decision 087): rows from defaults, written with
// either separator, quoted where the separator or a quote needs it.

export type PlanRowValues = Record<PlanCsvColumn, string>;

/** One row of a plan: a Warsaw action on 2030-03-04, 10:00–18:00, at one point, no promoters. */
export const planRow = (o: Partial<PlanRowValues> = {}): PlanRowValues => ({
  event: 'EV-PLAN',
  name: 'Sampling w galerii',
  territory: 'WAW-CENTRUM',
  date: '2030-03-04',
  from: '10:00',
  to: '18:00',
  point_code: '',
  point_name: 'Galeria Mokotów',
  street: 'ul. Wołoska 12',
  postal_code: '02-675',
  city: 'Warszawa',
  petra_id: 'PT-1',
  latitude: '52.1799',
  longitude: '21.0034',
  promoters: '',
  ...o,
});

export type PlanCsvOptions = { separator?: ';' | ','; bom?: boolean; lineBreak?: '\n' | '\r\n' };

/** A cell as a spreadsheet writes it: quoted when it holds the separator, a quote or a line break. */
const cell = (value: string, separator: string) =>
  value.includes(separator) || value.includes('"') || value.includes('\n') ? `"${value.replaceAll('"', '""')}"` : value;

/** The file's text: the header, then the rows. */
export function planCsv(rows: readonly PlanRowValues[], o: PlanCsvOptions = {}): string {
  const separator = o.separator ?? ';';
  const lineBreak = o.lineBreak ?? '\n';
  const lines = [
    PLAN_CSV_COLUMNS.join(separator),
    ...rows.map((row) => PLAN_CSV_COLUMNS.map((c) => cell(row[c], separator)).join(separator)),
  ];
  return `${o.bom ? '\uFEFF' : ''}${lines.join(lineBreak)}${lineBreak}`;
}
