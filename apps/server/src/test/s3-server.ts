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

export async function startS3Server(options: { prefix?: string } = {}): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'promotor-s3-'));
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
    },
  };
}
