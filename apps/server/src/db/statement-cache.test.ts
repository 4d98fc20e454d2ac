import SQLite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { keepingStatements } from './kysely.ts';

// Issue 8: the SQLite connection keeps its prepared statements instead of preparing each query anew.
describe('kept SQLite statements', () => {
  it('prepares one SQL text once, however often it runs', () => {
    const database = new SQLite(':memory:');
    const prepare = vi.spyOn(database, 'prepare');
    const kept = keepingStatements(database);
    kept.prepare('create table t (n integer)').run([]);
    for (let n = 0; n < 5; n++) kept.prepare('insert into t (n) values (?)').run([n]);
    expect(kept.prepare('select sum(n) as total from t').all([])).toEqual([{ total: 10 }]);
    expect(prepare.mock.calls.map(([text]) => text)).toEqual([
      'create table t (n integer)',
      'insert into t (n) values (?)',
      'select sum(n) as total from t',
    ]);
  });

  it('keeps the most recently used up to its limit, dropping the least recently used', () => {
    const database = new SQLite(':memory:');
    const prepare = vi.spyOn(database, 'prepare');
    const kept = keepingStatements(database, 2);
    kept.prepare('select 1');
    kept.prepare('select 2');
    kept.prepare('select 1'); // now 'select 2' is the least recently used
    kept.prepare('select 3'); // drops 'select 2'
    kept.prepare('select 1');
    kept.prepare('select 2');
    expect(prepare.mock.calls.map(([text]) => text)).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('a kept statement still answers right after the schema changed under it (a migration)', () => {
    const kept = keepingStatements(new SQLite(':memory:'));
    kept.prepare('create table t (n integer)').run([]);
    kept.prepare('insert into t (n) values (?)').run([1]);
    expect(kept.prepare('select * from t').all([])).toEqual([{ n: 1 }]);
    kept.prepare("alter table t add column label text default 'a'").run([]);
    expect(kept.prepare('select * from t').all([])).toEqual([{ n: 1, label: 'a' }]);
  });
});
