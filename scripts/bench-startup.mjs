// npm run bench:startup: how long until /api/health answers 200, median of --runs (3):
//   first   `npm start` on a fresh DATA_DIR with no dist/ (builds both, creates the database, seeds)
//   second  `npm start` again, nothing changed (no build, existing database)
//   old …   the same two with the former `npm start` (`npm run build && node --import tsx
//           src/server/main.ts`), and the server alone from source (`node --import tsx …`)
// Then the server's memory: it serves a page mix (home, /browse-vendors, /api/vendors, a vendor page,
// the demo vendor's dashboard API signed in) and its RSS is read from /proc (Linux) right after, with
// its peak (VmHWM). `--baseline <dir>` runs the same cases in another copy of the project too (say, a
// checkout of the commit before a change) and prints its medians next to this tree's.
// It runs in a scratch copy of the project (node_modules linked), so deleting dist/ there never
// disturbs anyone using this tree's build. `--in-place` runs here instead; `--only first,second`
// picks cases. After each start it sends SIGTERM and checks that the server exits cleanly (code 0).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'in-place': { type: 'boolean', default: false },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const runs = Number(args.runs);
const here = process.cwd();
const OLD_START = 'npm run --silent build && node --import tsx src/server/main.ts';

const CASES = {
  first: {
    label: 'npm start, first run (build + new database + seed)',
    cmd: 'npm start',
    fresh: true,
    clean: true,
  },
  second: { label: 'npm start, second run (nothing changed)', cmd: 'npm start', fresh: false, clean: false },
  'old-first': {
    label: 'old npm start, first run (vite build + tsx)',
    cmd: OLD_START,
    fresh: true,
    clean: true,
  },
  'old-second': {
    label: 'old npm start, second run (vite build + tsx)',
    cmd: OLD_START,
    fresh: false,
    clean: false,
  },
  'old-serve': {
    label: 'old server alone from source (node --import tsx src/server/main.ts)',
    cmd: 'node --import tsx src/server/main.ts',
    fresh: false,
    clean: false,
  },
};
const chosen = args.only ? args.only.split(',') : Object.keys(CASES);
for (const name of chosen)
  if (!CASES[name]) throw new Error(`unknown case ${name}; known: ${Object.keys(CASES)}`);

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// CPU time, which a busy machine stretches far less than wall time: the server's own (until it
// answered) and everything the start ran (npm, builds, server, until it exited), from /proc (Linux).
const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim() || 100);
function cpuTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime, stime, and the same for waited-for children (fields 14 to 17)
    return {
      own: Number(fields[11]) + Number(fields[12]),
      children: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A copy of what building and running read; node_modules is a link, so nothing is installed. */
async function scratchCopy(source) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'frosted-bench-'));
  const skip = new Set([
    'node_modules',
    'dist',
    'data',
    '.git',
    'test-results',
    'coverage',
    'screenshots',
    'tests',
    'docs',
  ]);
  for (const entry of await readdir(source, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    await cp(path.join(source, entry.name), path.join(dir, entry.name), { recursive: true });
  }
  // A baseline without its own installed packages uses this tree's.
  const modules = existsSync(path.join(source, 'node_modules')) ? source : here;
  await symlink(path.join(modules, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** Resident memory now and at its peak, in MB, from /proc/<pid>/status (Linux; undefined elsewhere). */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (key) => Math.round(Number(status.match(new RegExp(`${key}:\\s+(\\d+) kB`))?.[1]) / 1024);
    return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
  } catch {
    return { rssMb: undefined, peakMb: undefined };
  }
}

/**
 * What a visitor and a vendor do first: the home page, the vendor list (page and API), a vendor's
 * page, then the demo vendor signs in and loads the dashboard. Throws on any answer but 2xx.
 */
async function servePageMix(url) {
  const get = async (pathname, headers = {}) => {
    const res = await fetch(`${url}${pathname}`, { headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`page mix: GET ${pathname} answered ${res.status}`);
    return body;
  };
  await get('/');
  await get('/browse-vendors');
  const { vendors } = JSON.parse(await get('/api/vendors'));
  await get(`/vendor/${encodeURIComponent(vendors[0].id)}`);
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ email: 'vendor@frosted.demo', password: 'frosted-demo' }),
  });
  if (!signIn.ok) throw new Error(`page mix: the demo vendor's sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await get('/api/me/dashboard/vendor', { Cookie: cookie, Origin: url });
}

/** Polls `read` until it returns something (at most 5 s). */
async function waitFor(read) {
  for (let i = 0; i < 100; i++) {
    const value = read();
    if (value) return value;
    await sleep(50);
  }
  return undefined;
}

/** Starts `cmd`, polls /api/health until 200, stops it with SIGTERM and waits for a clean exit. */
async function startOnce(cwd, cmd, dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const childrenBefore = cpuTicks(process.pid)?.children;
  // Its own process group, so whatever is left can be killed at once if it does not stop.
  const child = spawn('sh', ['-c', cmd], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The page mix signs in once per start: more starts than the sign-in limit allows a minute.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_MAX: '1000',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let exit;
  let healthyMs;
  while (!exit) {
    const res = await fetch(`${url}/api/health`).catch(() => undefined);
    if (res?.status === 200) {
      healthyMs = performance.now() - started;
      break;
    }
    exit = await Promise.race([exited, sleep(50).then(() => undefined)]);
  }
  if (healthyMs === undefined)
    throw new Error(`${cmd} exited (${JSON.stringify(exit)}) before it answered:\n${output}`);
  // The server's own pid is in its ready line (pino). Stopped alone, it must exit 0, and so must npm
  // and the shell above it, which end with its code.
  const ready = await waitFor(() => output.split('\n').find((line) => line.includes('Frosted is ready')));
  let info = {};
  try {
    info = JSON.parse(ready ?? '{}');
  } catch {
    // not a JSON line: LOG_LEVEL or a pretty printer changed it
  }
  const serverTicks = info.pid ? cpuTicks(info.pid)?.own : undefined;
  // Memory after the page mix, measured from outside: nothing in the server asks for it.
  let memory = { rssMb: undefined, peakMb: undefined };
  let mixError;
  if (info.pid) {
    try {
      await servePageMix(url);
      memory = memoryOf(info.pid);
    } catch (err) {
      mixError = err instanceof Error ? err.message : String(err);
    }
  }
  process.kill(info.pid ?? -child.pid, 'SIGTERM');
  const stopped = await Promise.race([exited, sleep(15_000).then(() => 'timeout')]);
  if (stopped === 'timeout') process.kill(-child.pid, 'SIGKILL');
  const childrenAfter = cpuTicks(process.pid)?.children;
  const serverCpuMs = serverTicks === undefined ? undefined : serverTicks * TICK_MS;
  const totalCpuMs =
    childrenBefore === undefined || childrenAfter === undefined
      ? undefined
      : (childrenAfter - childrenBefore) * TICK_MS;
  const { startupMs, phases } = info;
  const clean = stopped !== 'timeout' && stopped.code === 0 && output.includes('shutting down');
  return {
    healthyMs,
    startupMs,
    phases,
    serverCpuMs,
    totalCpuMs,
    ...memory,
    mixError,
    clean,
    stopped,
    output,
  };
}

// This tree, and the baseline's when given; each runs in its own scratch copy (this one in place with
// --in-place). A case runs in both before the next case starts, so both see much the same load.
const trees = [{ label: '', root: args['in-place'] ? here : await scratchCopy(here) }];
if (args.baseline) trees.push({ label: ' (baseline)', root: await scratchCopy(path.resolve(args.baseline)) });
const scratch = await mkdtemp(path.join(os.tmpdir(), 'frosted-bench-data-'));
console.log(
  `bench:startup in ${trees.map((t) => t.root + t.label).join(' and ')}, ${runs} runs per case, ` +
    `${os.availableParallelism()} cores, load ${load()}`,
);
const results = [];
try {
  // Each case gets its own data directory; "second" cases reuse the one an earlier start made.
  for (const name of chosen) {
    for (const [t, tree] of trees.entries()) {
      const c = CASES[name];
      const dataDir = path.join(scratch, `${t}`, c.fresh ? `${name}` : 'existing');
      const result = { name, label: CASES[name].label + tree.label, runs: [] };
      results.push(result);
      if (!c.fresh) {
        // Warm-up: builds (if needed) and creates the database, not measured.
        await mkdir(dataDir, { recursive: true });
        await startOnce(tree.root, c.cmd, dataDir);
      }
      for (let i = 0; i < runs; i++) {
        if (c.clean) {
          await rm(path.join(tree.root, 'dist'), { recursive: true, force: true });
          await rm(dataDir, { recursive: true, force: true });
        }
        const r = await startOnce(tree.root, c.cmd, dataDir);
        result.runs.push(r);
        const phases = r.phases
          ? Object.entries(r.phases)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')
          : '';
        const memory = r.mixError ?? `RSS ${r.rssMb ?? '?'} MB (peak ${r.peakMb ?? '?'} MB)`;
        console.log(
          `  ${(name + tree.label).padEnd(21)} #${i + 1}: health ${Math.round(r.healthyMs)} ms, server says ${r.startupMs ?? '?'} ms` +
            `, CPU server ${r.serverCpuMs ?? '?'} ms, all ${r.totalCpuMs ?? '?'} ms` +
            `${phases ? ` (${phases})` : ''}; after the page mix: ${memory}` +
            `; stop: ${r.clean ? 'clean' : `NOT clean ${JSON.stringify(r.stopped)}`} · load ${load()}`,
        );
        if (!r.clean) console.log(r.output.split('\n').slice(-15).join('\n'));
      }
    }
  }
} finally {
  if (!args.keep) {
    await rm(scratch, { recursive: true, force: true });
    for (const { root } of trees) if (root !== here) await rm(root, { recursive: true, force: true });
  }
}

console.log(
  `\nmedian of ${runs}, load ${load()} (wall: until /api/health answered 200; CPU: see above;` +
    ` RSS: the server's, right after the page mix, and its peak since it started):`,
);
const fmt = (ms) => (ms === undefined || Number.isNaN(ms) ? '    ?' : (ms / 1000).toFixed(1).padStart(5));
const mb = (xs) => {
  const known = xs.filter((x) => x !== undefined);
  return known.length ? `${median(known)}`.padStart(4) : '   ?';
};
for (const { label, runs: rs } of results) {
  const wall = median(rs.map((r) => r.healthyMs));
  const serverCpu = median(rs.map((r) => r.serverCpuMs ?? NaN));
  const allCpu = median(rs.map((r) => r.totalCpuMs ?? NaN));
  const allClean = rs.every((r) => r.clean) ? 'stopped cleanly' : 'NOT all stopped cleanly';
  console.log(
    `  wall ${fmt(wall)} s · CPU server ${fmt(serverCpu)} s, all ${fmt(allCpu)} s · ` +
      `RSS ${mb(rs.map((r) => r.rssMb))} MB (peak ${mb(rs.map((r) => r.peakMb))} MB)  ${label} — ${allClean}`,
  );
}
if (results.some(({ runs: rs }) => rs.some((r) => !r.clean))) process.exitCode = 1;
