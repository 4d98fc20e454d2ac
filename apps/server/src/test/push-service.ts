import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { createRequire } from 'node:module';

// A real Web Push service for the tests (issue 37): the npm package web-push-testing speaks the
// protocol (RFC 8030/8291/8292: it checks the VAPID signature and decrypts each payload) on a local
// port, one per test file. Its answers carry neither the request's headers nor any fault, so a small
// gateway in front of it records each push's headers (TTL, Topic, Urgency) and, when a test asks,
// answers a failure or never answers; every other push it passes on to the service as it came.

const serverScript = createRequire(import.meta.url).resolve('web-push-testing/src/bin/server.js');

/** A subscription as the browser's PushSubscription.toJSON() gives it, with the service's handle on it. */
export type TestSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };

/** What the gateway saw of one push. */
export type SeenPush = { clientHash: string; headers: http.IncomingHttpHeaders; answered: number | 'none' };

export type Fault = { status: number; retryAfter?: string } | 'no answer';

export type PushService = {
  subscribe: (applicationServerKey: string) => Promise<TestSubscription>;
  /** The payloads the service decrypted for this subscription, oldest first. */
  messages: (clientHash: string) => Promise<string[]>;
  /** From now on the service answers this subscription's pushes 410 Gone. */
  expire: (clientHash: string) => Promise<void>;
  /** The next pushes to this subscription get these answers instead of reaching the service. */
  failNext: (subscription: TestSubscription, ...faults: Fault[]) => void;
  seen: SeenPush[];
  close: () => Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Starts web-push-testing's server (what its CLI `start` runs, without the CLI's pid file in the working folder). */
async function startService(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverScript, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('Server running on port')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.on('exit', (code) => reject(new Error(`web-push-testing exited (${code}): ${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function call(url: string, body: unknown): Promise<{ status: number; json: () => Promise<unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: () => res.json() };
}

const PASSED_ON = ['authorization', 'content-encoding', 'content-type', 'ttl', 'urgency', 'topic', 'crypto-key', 'encryption'];

export async function startPushService(): Promise<PushService> {
  const service = await startService();
  const seen: SeenPush[] = [];
  const faults = new Map<string, Fault[]>();
  const hanging = new Set<http.ServerResponse>();
  const gateway = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const push: SeenPush = { clientHash: (req.url ?? '').split('/').pop() ?? '', headers: req.headers, answered: 'none' };
      seen.push(push);
      const fault = faults.get(push.clientHash)?.shift();
      if (fault === 'no answer') return void hanging.add(res);
      if (fault) {
        push.answered = fault.status;
        return void res.writeHead(fault.status, fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}).end();
      }
      const headers = Object.fromEntries(PASSED_ON.filter((h) => req.headers[h] !== undefined).map((h) => [h, String(req.headers[h])]));
      fetch(`${service.url}${req.url}`, { method: 'POST', headers, body: Buffer.concat(chunks) })
        .then(async (answer) => {
          push.answered = answer.status;
          res.writeHead(answer.status).end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const gatewayUrl = `http://127.0.0.1:${(gateway.address() as net.AddressInfo).port}`;

  return {
    seen,
    subscribe: async (applicationServerKey) => {
      const res = await call(`${service.url}/subscribe`, { applicationServerKey, userVisibleOnly: 'true' });
      const { data } = (await res.json()) as { data: TestSubscription };
      if (res.status !== 200) throw new Error(`web-push-testing refused the subscription: ${JSON.stringify(data)}`);
      // The push goes through the gateway; the service knows it by its client hash.
      return { ...data, endpoint: `${gatewayUrl}/notify/${data.clientHash}` };
    },
    messages: async (clientHash) => {
      const res = await call(`${service.url}/get-notifications`, { clientHash });
      return ((await res.json()) as { data: { messages: string[] } }).data.messages;
    },
    expire: async (clientHash) => {
      const res = await call(`${service.url}/expire-subscription/${clientHash}`, {});
      if (res.status !== 200) throw new Error(`web-push-testing could not expire ${clientHash}`);
    },
    failNext: (subscription, ...more) =>
      void faults.set(subscription.clientHash, [...(faults.get(subscription.clientHash) ?? []), ...more]),
    close: async () => {
      for (const res of hanging) res.destroy();
      gateway.closeAllConnections();
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
      service.child.kill();
    },
  };
}
