import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/kysely.ts';

/**
 * Where photo bytes live. Rows that describe a photo (owner, content type) stay in their module's
 * table; the store only keeps bytes under a server-generated key.
 */
export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid blob key: ${key}`);
  return key;
}

/** Files under DATA_DIR/blobs: written to a temporary name, flushed, then renamed into place. */
export class FileBlobStore implements BlobStore {
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
}

/** Bytes in the database, so several server instances share every photo with no extra infrastructure. */
export class DatabaseBlobStore implements BlobStore {
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
}

/** The store of this database: files under DATA_DIR/blobs on SQLite, the blobs table on PostgreSQL. */
export function openBlobStore(database: { db: Db; dialect: 'sqlite' | 'postgres' }, dataDir: string, now?: () => Date): BlobStore {
  return database.dialect === 'postgres' ? new DatabaseBlobStore(database.db, now) : new FileBlobStore(path.join(dataDir, 'blobs'));
}
