import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A real S3-protocol server for the tests (issue 35): s3rver from npm, on a free port, its objects in a
// temporary folder. `stop` and `start` take it down and bring it back on the same port with the same
// objects: the bucket outage the blob store must ride out.

/** The bucket's CORS rule: the apps fetch presigned addresses from their own origin (decision 130). */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>300</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export const TEST_BUCKET = 'promotor-test';

export type TestS3Server = {
  /** BLOB_STORE=s3 and its S3_* settings for loadConfig / a server's environment. */
  env: Record<string, string>;
  endpoint: string;
  /** The objects the bucket holds, by key (without the prefix's folder). */
  objectKeys: () => string[];
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
};

/** What of s3rver's file store this module replaces (lib/stores/filesystem.js; not in its types). */
type ObjectStore = {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: {
    bucket: string;
    key: string;
    metadata: unknown;
    content: Buffer | AsyncIterable<Buffer>;
  }): Promise<{ size: number; md5: string }>;
};

/**
 * s3rver answers a PUT once the body has gone through its MD5, not once its file is written (its
 * 'finish' is the hashing stream's): a GET right after the answer could read a short file on a loaded
 * machine (a CI run read other bytes than a PUT just answered). A bucket answers when it holds the
 * bytes: here the object is written in full beside the bucket, then renamed into place.
 */
function answerOnceWritten(server: S3rver, incoming: string) {
  const store = (server as unknown as { store: ObjectStore }).store;
  store.putObject = async (object) => {
    const chunks: Buffer[] = [];
    if (Buffer.isBuffer(object.content)) chunks.push(object.content);
    else for await (const chunk of object.content) chunks.push(chunk);
    const data = Buffer.concat(chunks);
    const md5 = createHash('md5').update(data).digest('hex');
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    const written = path.join(incoming, `${md5}-${process.hrtime.bigint()}`);
    await fs.promises.writeFile(written, data);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.rename(written, file);
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size: data.length, md5 };
  };
}

export async function startS3Server(options: { prefix?: string } = {}): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-s3-'));
  // On the same disk as the bucket's folder, outside it (s3rver would list a folder in it as a bucket).
  const incoming = `${directory}-incoming`;
  fs.mkdirSync(incoming);
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    if (server) return;
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET, configs: [CORS] }],
    });
    answerOnceWritten(server, incoming);
    ({ port } = await server.run());
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  // Down for every client at once: the connections clients keep alive are cut too, or a client would
  // go on storing through one after the port closed.
  const stop = async () => {
    const running = server;
    if (!running) return;
    server = null;
    const closed = running.close();
    running.httpServer?.closeAllConnections();
    await closed;
  };
  const prefix = options.prefix ?? '';
  return {
    endpoint,
    env: {
      BLOB_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: prefix,
    },
    // s3rver keeps an object as <dir>/<bucket>/<key>._S3rver_object (with its metadata beside it).
    objectKeys: () => {
      const root = path.join(directory, TEST_BUCKET, prefix);
      if (!fs.existsSync(root)) return [];
      return fs
        .readdirSync(root)
        .filter((name) => name.endsWith('._S3rver_object'))
        .map((name) => name.replace(/\._S3rver_object$/, ''))
        .sort();
    },
    stop,
    start,
    close: async () => {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
      fs.rmSync(incoming, { recursive: true, force: true });
    },
  };
}
