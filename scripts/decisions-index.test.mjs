import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/README.md is what a newcomer reads (issue 23): every record has its row, with a status.
const dir = path.resolve(import.meta.dirname, '../docs/decisions');
const records = fs.readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
const rows = new Map(
  [...index.matchAll(/^\| \[(\d{3})\]\(([^)]+)\) \| (.+) \| (.+) \|$/gm)].map(([, number, file, , status]) => [number, { file, status }]),
);

describe('the decision records index', () => {
  it.each(records)('lists %s with a status', (record) => {
    const row = rows.get(record.slice(0, 3));
    expect(row?.file).toBe(record);
    expect(row?.status).toMatch(/^(accepted|superseded by \d{3}|(partly superseded|amended) by \d{3}.*)$/);
  });

  it('links no record that does not exist', () => {
    for (const { file } of rows.values()) expect(records).toContain(file);
  });
});
