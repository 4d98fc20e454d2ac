// s3rver ships no types: the part of its API the tests use (test/s3-server.ts).
declare module 's3rver' {
  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** The node:http server while it runs. */
    httpServer?: import('node:http').Server;
  }
}
