// Upload throughput and memory: the server runs as a child process (its own RSS, nothing of the
// client's buffers in it) on PGlite in a temporary DATA_DIR; this process streams multipart
// uploads of 10 MB files over HTTP (generated on the fly, never held whole). Reports MB/s of
// sequential uploads and of ten in parallel, and the server's peak RSS during the parallel ones
// against its settled baseline: streaming means the rise stays under 100 MB (issue 4).
// Writes bench/results/uploads.json and prints it.
//   npm run bench -- uploads [--size-mb 10] [--parallel 10] [--sequential 5]
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const MB = 1024 * 1024;

if (process.argv.includes('--child')) {
  await runServer();
} else {
  await runBench();
}

/** The child: the real app (buildApp), every caller treated as a super-admin, RSS sampled every 10 ms. */
async function runServer(): Promise<void> {
  const { openDb } = await import('@tabayyun/db');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const dataDir = process.env.BENCH_DATA_DIR!;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  });
  const database = await openDb({ dataDir });
  const app = await buildApp({
    config,
    database,
    logger: false,
    resolveActor: () => ({ sub: '0f00000000000000000000be', roles: ['super-admin'], anonymous: false }),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  process.on('message', async (msg: { type: string }) => {
    if (msg.type === 'settle') {
      (globalThis as { gc?: () => void }).gc?.();
      await new Promise((r) => setTimeout(r, 200));
      peak = process.memoryUsage().rss;
      process.send!({ type: 'settled', rss: peak });
    } else if (msg.type === 'peak') {
      process.send!({ type: 'peak', rss: Math.max(peak, process.memoryUsage().rss) });
    } else if (msg.type === 'stop') {
      clearInterval(sampler);
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', address });
}

function ask<T>(child: ChildProcess, type: string, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (msg: { type: string } & T) => {
      if (msg.type !== answer) return;
      child.off('message', onMessage);
      resolve(msg);
    };
    child.on('message', onMessage);
    if (type) child.send({ type });
  });
}

/** Streams one multipart upload of `size` bytes (64 KB of random data, repeated) and waits for 200. */
function uploadOnce(address: string, name: string, size: number, chunk: Buffer): Promise<void> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/storage/bench', address);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve()
            : reject(new Error(`upload ${name}: ${res.statusCode} ${Buffer.concat(parts).toString()}`)),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    pump();
  });
}

async function runBench(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      'size-mb': { type: 'string', default: '10' },
      parallel: { type: 'string', default: '10' },
      sequential: { type: 'string', default: '5' },
    },
  });
  const size = Number(values['size-mb']) * MB;
  const parallel = Number(values.parallel);
  const sequential = Number(values.sequential);
  const dataDir = mkdtempSync(join(tmpdir(), 'tabayyun-bench-uploads-'));
  const child = fork(new URL(import.meta.url).pathname, ['--child'], {
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const { address } = await ask<{ address: string }>(child, '', 'ready');
    const chunk = randomBytes(64 * 1024);
    // Warm up: first-use costs (JIT, the multipart parser, the database) are not the steady state.
    for (let i = 0; i < 2; i++) await uploadOnce(address, `warm-${i}.bin`, size, chunk);

    let started = performance.now();
    for (let i = 0; i < sequential; i++) await uploadOnce(address, `seq-${i}.bin`, size, chunk);
    const sequentialS = (performance.now() - started) / 1000;

    const { rss: baseline } = await ask<{ rss: number }>(child, 'settle', 'settled');
    started = performance.now();
    await Promise.all(
      Array.from({ length: parallel }, (_, i) => uploadOnce(address, `par-${i}.bin`, size, chunk)),
    );
    const parallelS = (performance.now() - started) / 1000;
    const { rss: peak } = await ask<{ rss: number }>(child, 'peak', 'peak');

    const round = (n: number) => Math.round(n * 10) / 10;
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      engine: 'pglite',
      driver: 'local disk',
      fileSizeMb: size / MB,
      sequential: {
        files: sequential,
        seconds: round(sequentialS),
        mbPerSecond: round((sequential * size) / MB / sequentialS),
      },
      parallel: {
        files: parallel,
        seconds: round(parallelS),
        mbPerSecond: round((parallel * size) / MB / parallelS),
        serverRssBaselineMb: round(baseline / MB),
        serverRssPeakMb: round(peak / MB),
        serverRssRiseMb: round((peak - baseline) / MB),
      },
      budget: { rssRiseMb: 100 },
      pass: (peak - baseline) / MB < 100,
    };
    const out = join(import.meta.dirname, 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'uploads.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    if (!result.pass) process.exitCode = 1;
  } finally {
    child.send({ type: 'stop' });
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
