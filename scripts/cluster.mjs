#!/usr/bin/env node
// npm run cluster -- --instances 3 [--port 8080] [--config deploy/haproxy.cfg] (issue 36, decision 134):
// N instances of the built server on one PostgreSQL database (DATABASE_URL, and MIGRATION_DATABASE_URL
// for the owner role when given) and, when BLOB_STORE=s3 is set, one bucket, behind HAProxy run with the
// README's configuration (deploy/haproxy.cfg): only its listening port and its servers' addresses are
// this machine's. The first instance starts alone (it migrates and, outside production, seeds the demo
// data); the others follow together. Ctrl+C stops the load balancer, then every instance (SIGTERM).
// bench/cluster.mjs and e2e/start-server.mjs (E2E_CLUSTER) start it through startCluster.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
export const DOCUMENTED_CONFIG = path.join(root, 'deploy/haproxy.cfg');

/** A port nothing listens on, asked of the system. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The documented configuration with this machine's addresses: the frontend's bind line listens on
 * 127.0.0.1:`port`, and the backend's server lines are replaced by one per instance port.
 */
export function renderHaproxyConfig(text, port, instancePorts) {
  const lines = text.split('\n');
  const out = [];
  let serversPlaced = false;
  for (const line of lines) {
    if (/^\s*bind\s+:\d+\s*$/.test(line)) {
      out.push(line.replace(/:\d+/, `127.0.0.1:${port}`));
    } else if (/^\s*server\s+\S+\s+\S+/.test(line)) {
      if (serversPlaced) continue;
      const indent = line.match(/^\s*/)[0];
      for (const [i, p] of instancePorts.entries()) out.push(`${indent}server app${i + 1} 127.0.0.1:${p}`);
      serversPlaced = true;
    } else {
      out.push(line);
    }
  }
  if (!serversPlaced) throw new Error('the HAProxy configuration has no server line to put the instances in');
  return out.join('\n');
}

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}

async function waitUntil(what, check, { timeoutMs, exited }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited?.()) throw new Error(`${what}: the process ended`);
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not ready after ${Math.round(timeoutMs / 1000)} s`);
}

/** The keys every instance must share (decision 133): those given, else a pair kept in `dataDir` for the next run. */
function sharedKeys(env, dataDir) {
  const given = (name) => env[name] || env[`${name}_FILE`];
  if (given('IDEMPOTENCY_HASH_KEY') && given('CONSENT_PROOF_KEY')) return {};
  const file = path.join(dataDir, 'cluster-keys.json');
  if (!fs.existsSync(file)) {
    const keys = { IDEMPOTENCY_HASH_KEY: randomBytes(32).toString('base64'), CONSENT_PROOF_KEY: randomBytes(32).toString('base64') };
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  const kept = JSON.parse(fs.readFileSync(file, 'utf8'));
  return Object.fromEntries(Object.entries(kept).filter(([name]) => !given(name)));
}

/**
 * Starts the cluster and resolves once the load balancer passes requests to every instance.
 * `env`: the instances' environment (DATABASE_URL must be PostgreSQL). `log`: where the instances'
 * and the balancer's lines go (prefixed by their name).
 */
export async function startCluster({
  instances = 3,
  port = 8080,
  env = process.env,
  dataDir = path.join(root, '.tmp/cluster'),
  config = DOCUMENTED_CONFIG,
  haproxy = env.HAPROXY ?? 'haproxy',
  build = true,
  log = (line) => process.stdout.write(`${line}\n`),
} = {}) {
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) {
    throw new Error(
      'npm run cluster needs PostgreSQL: DATABASE_URL=postgres://… (the app role) and MIGRATION_DATABASE_URL (the owner). SQLite runs as one instance.',
    );
  }
  if (spawnSync(haproxy, ['-v'], { stdio: 'ignore' }).error) {
    throw new Error(`HAProxy is not installed (${haproxy}): apt-get install haproxy, or set HAPROXY to its path.`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  if (build) {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: serverDir, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the server did not build');
  }
  const bundle = path.resolve(serverDir, env.SERVER_BUNDLE ?? 'dist/server.mjs');
  const keys = sharedKeys(env, dataDir);
  const nodes = [];

  const prefixed = (name, stream) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) log(`[${name}] ${line}`);
    });
  };

  /** Starts instance `i` (again, after a restart) on its port; resolves when /readyz answers 200. */
  const startInstance = async (node) => {
    const instanceDir = path.join(dataDir, node.name);
    fs.mkdirSync(instanceDir, { recursive: true });
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
      cwd: serverDir,
      env: {
        ...env,
        ...keys,
        PORT: String(node.port),
        HOST: '127.0.0.1',
        DATA_DIR: instanceDir,
        // One proxy in front: the client's address is the last one HAProxy adds to X-Forwarded-For.
        TRUST_PROXY: env.TRUST_PROXY ?? '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixed(node.name, child.stdout);
    prefixed(node.name, child.stderr);
    node.child = child;
    node.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
    let ended = false;
    void node.exited.then(() => (ended = true));
    await waitUntil(`${node.name} (port ${node.port})`, () => answers(`http://127.0.0.1:${node.port}/readyz`), {
      timeoutMs: 120_000,
      exited: () => ended,
    });
  };

  /** SIGTERM, and the time until the process has ended (it finishes what it holds first). */
  const stopInstance = async (node) => {
    if (!node.child || node.child.exitCode !== null || node.child.signalCode !== null) return 0;
    const started = Date.now();
    node.child.kill('SIGTERM');
    await node.exited;
    return Date.now() - started;
  };

  for (let i = 0; i < instances; i++) nodes.push({ name: `app${i + 1}`, port: await freePort(), child: null, exited: null });
  let balancer = null;
  let balancerExited = null;
  // HAProxy ends by a signal (Ctrl+C reaches the whole group): its exit code stays null, its signalCode is set.
  const balancerRuns = () => balancer !== null && balancer.exitCode === null && balancer.signalCode === null;
  const stop = async () => {
    if (balancerRuns()) balancer.kill('SIGTERM');
    if (balancerExited) await balancerExited;
    await Promise.all(nodes.map(stopInstance));
  };
  try {
    // The first alone: it migrates (as MIGRATION_DATABASE_URL's owner when given) and seeds.
    await startInstance(nodes[0]);
    await Promise.all(nodes.slice(1).map(startInstance));
    const rendered = path.join(dataDir, 'haproxy.cfg');
    fs.writeFileSync(
      rendered,
      renderHaproxyConfig(
        fs.readFileSync(config, 'utf8'),
        port,
        nodes.map((n) => n.port),
      ),
    );
    balancer = spawn(haproxy, ['-db', '-f', rendered], { stdio: ['ignore', 'pipe', 'pipe'] });
    balancerExited = new Promise((resolve) => balancer.once('exit', resolve));
    prefixed('haproxy', balancer.stdout);
    prefixed('haproxy', balancer.stderr);
    const url = `http://127.0.0.1:${port}`;
    // Every instance answers through the balancer: as many ready answers in a row as there are instances.
    await waitUntil(
      'the load balancer',
      async () => {
        for (let i = 0; i < instances; i++) if (!(await answers(`${url}/readyz`))) return false;
        return true;
      },
      { timeoutMs: 30_000, exited: () => !balancerRuns() },
    );
    return {
      url,
      nodes,
      stop,
      /** Stops one instance (SIGTERM) and starts it again on its port: the drain time in ms. */
      async restart(node) {
        const drainMs = await stopInstance(node);
        await startInstance(node);
        return drainMs;
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '3' },
      port: { type: 'string', default: '8080' },
      config: { type: 'string', default: DOCUMENTED_CONFIG },
      'data-dir': { type: 'string', default: path.join(root, '.tmp/cluster') },
    },
  });
  const instances = Number(values.instances);
  const port = Number(values.port);
  if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
    console.error('--instances: a whole number from 1 to 16');
    process.exit(2);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('--port: a port number');
    process.exit(2);
  }
  let cluster;
  try {
    cluster = await startCluster({
      instances,
      port: port || (await freePort()),
      config: path.resolve(values.config),
      dataDir: path.resolve(values['data-dir']),
    });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  console.log(`Promotor: ${cluster.url} (${instances} × serwer za HAProxy; Ctrl+C zatrzymuje)`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void cluster.stop().then(() => process.exit(0));
    });
  }
}
