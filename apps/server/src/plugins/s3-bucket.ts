import { createHash } from 'node:crypto';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';

// One S3-compatible bucket (AWS, MinIO, Garage, SeaweedFS, Ceph, R2; decision 130), the few calls the
// blob store needs. What the users learnt the hard way is built in: checksums only when a call
// requires one (the SDK's default CRC32 trailers break several compatible servers), a timeout on every
// call, and every body read to its end or destroyed (an unread GetObject body holds its socket).

export type S3Settings = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Put before every key, e.g. 'promotor/'; '' for none. */
  prefix: string;
  /** Each call's bound, in milliseconds (connection and whole request). */
  timeoutMs: number;
};

// The SDK is loaded at the first call, not at start: with BLOB_STORE=file or database it is never
// loaded, and every server start and command (the e2e fixtures run them a hundred times) saves ~0.5 s.
type Sdk = typeof import('@aws-sdk/client-s3') & Pick<typeof import('@aws-sdk/s3-request-presigner'), 'getSignedUrl'>;
let sdkLoading: Promise<Sdk> | null = null;
const loadSdk = () =>
  (sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(([s3, presigner]) => ({
    ...s3,
    getSignedUrl: presigner.getSignedUrl,
  })));

/** How long a presigned GET stays valid at most (the bound), and the window its signing time is rounded to. */
export const PRESIGN_VALID_SECONDS = 300;
export const PRESIGN_WINDOW_SECONDS = 120;

export class S3Bucket {
  private readonly config: S3ClientConfig;
  private ready: Promise<{ client: S3Client; sdk: Sdk }> | null = null;

  constructor(readonly settings: S3Settings) {
    // The SDK warns on Node 20 that its releases after January 2027 need Node 22; ours is pinned
    // (decision 130), and the warning would be the first lines of every start's output.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const config: S3ClientConfig = {
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // The SDK's own retries would stretch one call past the bound; the drain retries with its backoff.
      maxAttempts: 1,
      requestHandler: { connectionTimeout: settings.timeoutMs, requestTimeout: settings.timeoutMs },
    };
    this.config = config;
  }

  private use() {
    return (this.ready ??= loadSdk().then((sdk) => ({ sdk, client: new sdk.S3Client(this.config) })));
  }

  /** The bucket's name for a key of ours. */
  objectKey(key: string): string {
    return `${this.settings.prefix}${key}`;
  }

  /** Throws a sentence an operator can act on when the bucket cannot be reached or does not exist. */
  async check(): Promise<void> {
    const { client, sdk } = await this.use();
    const { bucket, endpoint } = this.settings;
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(this.settings.timeoutMs) });
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why =
        status === 404
          ? 'it does not exist'
          : status === 403 || status === 401
            ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
            : `no answer (${(error as Error).message || (error as Error).name})`;
      throw new Error(`BLOB_STORE=s3: bucket "${bucket}" at ${endpoint}: ${why}`, { cause: error });
    }
  }

  /**
   * Stores the bytes under the key and confirms what the bucket stored: the MD5 we computed travels as
   * Content-MD5 (a server that checks it refuses a damaged body) and must come back as the ETag of a
   * single-part PUT (confirm()). The drain and the migration, off any answer's path.
   */
  async put(key: string, data: Buffer, contentType: string, o: { timeoutMs?: number; sha256?: string } = {}): Promise<void> {
    const md5 = createHash('md5').update(data).digest();
    const { etag } = await this.send(key, data, contentType, { ...o, md5 });
    await this.confirm(key, data, etag, md5);
  }

  /**
   * Sends the bytes under the key; what the bucket stored is confirmed by the caller (confirm(), with
   * the ETag answered here). An upload's answer waits for this alone: its confirmation follows the
   * answer (BlobStore, issue 35), as the MD5 it needs costs more of the event loop than the rest of the
   * upload's own work. Before it, a damaged body is refused by any server that checks the signature's
   * payload hash (AWS, MinIO, Ceph, Garage): the signature covers `sha256`, the body's SHA-256.
   */
  async send(
    key: string,
    data: Buffer,
    contentType: string,
    o: { timeoutMs?: number; sha256?: string; md5?: Buffer } = {},
  ): Promise<{ etag: string | null }> {
    const { client, sdk } = await this.use();
    const command = new sdk.PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: this.objectKey(key),
      Body: data,
      ContentType: contentType,
      ContentLength: data.length,
      ContentMD5: o.md5?.toString('base64'),
    });
    // The signature covers the body's SHA-256 (x-amz-content-sha256), which the SDK would hash the bytes
    // again for: the caller's, of these very bytes (the register's hash), is given instead (issue 35:
    // one pass over a photo fewer per upload).
    const { sha256 } = o;
    if (sha256) {
      command.middlewareStack.add(
        (next) => async (args) => {
          const request = args.request as { headers?: Record<string, string> };
          if (request.headers) request.headers['x-amz-content-sha256'] = sha256;
          return next(args);
        },
        { step: 'build', name: 'promotorPayloadHash' },
      );
    }
    const answer = await client.send(command, { abortSignal: AbortSignal.timeout(o.timeoutMs ?? this.settings.timeoutMs) });
    return { etag: answer.ETag?.replace(/"/g, '').toLowerCase() ?? null };
  }

  /**
   * Throws unless the bucket holds these bytes under the key, as the ETag its PUT answered says: a
   * single-part PUT's ETag is the body's MD5; a server whose ETag is no MD5 (encryption with KMS) is
   * asked the size it holds.
   */
  async confirm(key: string, data: Buffer, etag: string | null, md5?: Buffer): Promise<void> {
    if (etag && /^[0-9a-f]{32}$/.test(etag)) {
      const ours = (md5 ?? createHash('md5').update(data).digest()).toString('hex');
      if (etag !== ours) throw new Error(`the bucket stored other bytes for ${key} (ETag ${etag})`);
      return;
    }
    const stored = await this.size(key);
    if (stored !== data.length) throw new Error(`the bucket holds ${stored ?? 'nothing'} bytes for ${key}, not ${data.length}`);
  }

  /** The object's bytes, or null when it is not there. */
  async get(key: string): Promise<Buffer | null> {
    const { client, sdk } = await this.use();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }), {
        abortSignal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  /** The object's size, or null when it is not there (a ranged GET of one byte: HEAD answers 404 with no body, which some servers mangle). */
  async size(key: string): Promise<number | null> {
    const { client, sdk } = await this.use();
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Range: 'bytes=0-0' }),
        {
          abortSignal: AbortSignal.timeout(this.settings.timeoutMs),
        },
      );
      // Read to the end: an unread body keeps its socket (the leak).
      await answer.Body?.transformToByteArray();
      const total = answer.ContentRange?.split('/')[1];
      return total && total !== '*' ? Number(total) : (answer.ContentLength ?? null);
    } catch (error) {
      if (notFound(error)) return null;
      // An empty object cannot answer a range.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return 0;
      throw error;
    }
  }

  /** Removes the object; one that is not there is removed already. */
  async delete(key: string): Promise<void> {
    const { client, sdk } = await this.use();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }), {
      abortSignal: AbortSignal.timeout(this.settings.timeoutMs),
    });
  }

  /** Every key of ours in the bucket (under the prefix), a page at a time, with when it was written (the orphans check spares new ones). */
  async *keys(): AsyncGenerator<{ key: string; size: number; modifiedAt: Date | null }> {
    const { client, sdk } = await this.use();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.settings.prefix || undefined, ContinuationToken: token }),
        { abortSignal: AbortSignal.timeout(this.settings.timeoutMs) },
      );
      for (const object of page.Contents ?? []) {
        if (object.Key)
          yield { key: object.Key.slice(this.settings.prefix.length), size: object.Size ?? 0, modifiedAt: object.LastModified ?? null };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * A GET the browser follows, valid at most PRESIGN_VALID_SECONDS. Signed at the start of the current
   * PRESIGN_WINDOW_SECONDS window, so every view in that window gets the same address and the browser's
   * cache answers the repeats (for as long as the shortest validity left, PRESIGN_VALID − WINDOW).
   */
  async presignedGet(key: string, contentType: string, now: Date): Promise<string> {
    const { client, sdk } = await this.use();
    const windowMs = PRESIGN_WINDOW_SECONDS * 1000;
    const signingDate = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    return sdk.getSignedUrl(
      client,
      new sdk.GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        ResponseContentType: contentType,
        // Personal photos: the browser may keep it, no shared cache may. Fixed per window, so the address is too.
        ResponseCacheControl: `private, max-age=${PRESIGN_VALID_SECONDS - PRESIGN_WINDOW_SECONDS}`,
      }),
      { expiresIn: PRESIGN_VALID_SECONDS, signingDate },
    );
  }

  /** The origin the browser fetches presigned addresses from (the Content-Security-Policy allows it). */
  get origin(): string {
    const { protocol, host } = new URL(this.settings.endpoint);
    return this.settings.forcePathStyle ? `${protocol}//${host}` : `${protocol}//${this.settings.bucket}.${host}`;
  }

  destroy(): void {
    void this.ready?.then(({ client }) => client.destroy());
  }
}

function notFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
