import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';
import { DatabaseBlobStore, FileBlobStore, type LocalBytes } from './storage.ts';

function behavesLikeABlobStore(name: string, make: () => LocalBytes) {
  describe(name, () => {
    it('keeps bytes under a key, gives them back, and forgets them on delete', async () => {
      const store = make();
      const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02]);
      await store.put('photo-1.jpg', bytes);
      expect(await store.get('photo-1.jpg')).toEqual(bytes);
      await store.delete('photo-1.jpg');
      expect(await store.get('photo-1.jpg')).toBeNull();
    });

    it('refuses keys that could leave its folder', async () => {
      const store = make();
      await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/invalid blob key/);
      await expect(store.get('a/../../b')).rejects.toThrow(/invalid blob key/);
    });
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-blobs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
behavesLikeABlobStore('file blob store', () => new FileBlobStore(dir));

describe.each(testDatabases)('database blob store on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  behavesLikeABlobStore('database blob store', () => new DatabaseBlobStore(t.db));
});
