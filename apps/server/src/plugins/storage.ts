import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/kysely.ts';

/**
 * Bytes kept on this side: the files' home with BLOB_STORE=file or database, and the pending area
 * with s3 (blob-store.ts). Rows that describe a file (owner, type) stay in their module's table; these
 * keep bytes under a server-generated key.
 */
export interface LocalBytes {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Every key held (the migration and the orphans check read them). */
  keys(): AsyncIterable<string>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid blob key: ${key}`);
  return key;
}

/** Files under DATA_DIR/blobs: written to a temporary name, flushed, then renamed into place. */
export class FileBlobStore implements LocalBytes {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    return path.join(this.dir, checkKey(key));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(this.dir, { recursive: true });
    const temp = path.join(this.dir, `.tmp-${randomUUID()}`);
    const handle = await fs.open(temp, 'wx');
    try {
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async *keys(): AsyncIterable<string> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) if (KEY.test(name) && !name.startsWith('.tmp-')) yield name;
  }
}

/** Bytes in the database, so several server instances share every photo with no extra infrastructure. */
export class DatabaseBlobStore implements LocalBytes {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async put(key: string, data: Buffer): Promise<void> {
    await this.db
      .insertInto('blobs')
      .values({ key: checkKey(key), size: data.length, data, created_at: this.now().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ data, size: data.length }))
      .execute();
  }

  async get(key: string): Promise<Buffer | null> {
    const row = await this.db.selectFrom('blobs').select('data').where('key', '=', checkKey(key)).executeTakeFirst();
    return row ? Buffer.from(row.data) : null;
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('blobs').where('key', '=', checkKey(key)).execute();
  }

  async *keys(): AsyncIterable<string> {
    let after = '';
    for (;;) {
      const page = await this.db.selectFrom('blobs').select('key').where('key', '>', after).orderBy('key').limit(500).execute();
      for (const row of page) yield row.key;
      if (page.length < 500) return;
      after = page[page.length - 1]!.key;
    }
  }
}

/** Where bytes wait with this database: DATA_DIR/blobs on SQLite, the blobs table on PostgreSQL (decision 130's defaults). */
export function localBytesOf(
  database: { db: Db; dialect: 'sqlite' | 'postgres' },
  dataDir: string,
  mode: 'file' | 'database' | 's3',
  now?: () => Date,
): LocalBytes {
  const inDatabase = mode === 'database' || (mode === 's3' && database.dialect === 'postgres');
  return inDatabase ? new DatabaseBlobStore(database.db, now) : new FileBlobStore(path.join(dataDir, 'blobs'));
}
