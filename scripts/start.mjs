// npm start: builds the web app and the server only when their inputs changed since the last build,
// then runs the compiled server (dist/server/main.js) in this same process. Plain JS, so no tsx.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, checkInputs, notAnInput, serverInputs, writeStamp } from './build-server.mjs';

/**
 * Process-wide memory settings, read only as a process starts, so npm start runs itself again with
 * them, in the same process (same pid). Each is left alone when given already (decision 021):
 * - V8's young generation: 16 MB semi-spaces. Node 24 grows them to 64 MB each, a 128 MB young
 *   generation that is nearly all resident after a burst of requests.
 * - glibc's malloc: blocks of 128 kB and more are mapped on their own and returned when freed. By
 *   default it raises that threshold after each large free, and the scratch memory V8's compiler takes
 *   for a moment (600 MB to optimise PGlite's largest function) then stays in malloc's arenas.
 */
function relaunchWithMemorySettings() {
  if (process.platform === 'win32' || typeof process.execve !== 'function') return;
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const flags = given.some((flag) => /^--max[-_]semi[-_]space[-_]size/.test(flag))
    ? []
    : ['--max-semi-space-size=16'];
  const env =
    process.env.GLIBC_TUNABLES === undefined
      ? { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072' }
      : {};
  if (flags.length === 0 && Object.keys(env).length === 0) return;
  const args = [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)];
  process.execve(process.execPath, args, { ...process.env, ...env });
}
relaunchWithMemorySettings();

const root = process.cwd();
const WEB_STAMP = 'dist/web/.build-hash';
// What `vite build` reads (index.html lives in src/web, Vite's root), with every tsconfig*.json.
const WEB_INPUTS = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'];
const seconds = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
const say = (message) => console.log(`npm start: ${message}`);

/** Runs `npm run build` with its output held back, so it does not interleave with the server's log. */
function buildWeb() {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    // Until the server listens (and handles signals itself), stopping npm start stops the build too.
    const stop = (signal) => process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    const orphan = () => child.kill('SIGTERM');
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    process.once('exit', orphan);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.off('exit', orphan);
      const text = Buffer.concat(output).toString();
      if (code === 0) resolve(text);
      else {
        process.stderr.write(text);
        reject(new Error(`the web app build failed (${signal ?? `exit code ${code}`})`));
      }
    });
  });
}

/**
 * The web app: checked against its stamp; when something changed, the build starts and `building`
 * is its promise (the server starts meanwhile and waits for it only before it serves the app).
 */
async function web() {
  const started = performance.now();
  // The build command itself is an input: a new build step means a new build.
  const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const extra = `build: ${scripts.build}\n`;
  const check = {
    root,
    stampFile: WEB_STAMP,
    inputs: [...WEB_INPUTS, ...(await readdir(root)).filter((name) => /^tsconfig.*\.json$/.test(name))],
    skip: notAnInput,
    extra,
    output: 'dist/web/index.html',
  };
  // The stamp is of the inputs as they were before the build: an edit made meanwhile is a change.
  const { upToDate, files, stamp } = await checkInputs(check);
  if (upToDate) {
    say(`web app up to date (${files} files checked in ${seconds(performance.now() - started)})`);
    return { building: undefined };
  }
  say('building the web app (its inputs changed)…');
  const building = buildWeb().then(async (output) => {
    await writeStamp(root, WEB_STAMP, stamp);
    const summary = output.split('\n').find((line) => /built in/.test(line));
    say(
      `web app built in ${seconds(performance.now() - started)}${summary ? ` (vite: ${summary.trim()})` : ''}`,
    );
  });
  return { building };
}

/** The server: checked against its stamp, rebuilt (esbuild, well under a second) when something changed. */
async function server() {
  const started = performance.now();
  const check = serverInputs(root);
  const { upToDate, files, stamp } = await checkInputs(check);
  if (upToDate) {
    say(`server up to date (${files} files checked in ${seconds(performance.now() - started)})`);
    return;
  }
  await buildServer({ root });
  await writeStamp(root, check.stampFile, stamp);
  say(`server built in ${seconds(performance.now() - started)}`);
}

/** A failed build ends npm start with its message, whatever the server is doing meanwhile. */
function fail(err) {
  console.error('npm start:', err instanceof Error ? err.message : err);
  process.exit(1);
}

try {
  const [{ building }] = await Promise.all([web(), server()]);
  building?.catch(fail);
  // Later starts load the server's modules and its packages as cached V8 code, not source. Kept in
  // dist/server, so a server build (which empties the folder) starts it afresh.
  module.enableCompileCache?.(path.join(root, 'dist/server/.compile-cache'));
  // Stack traces name the .ts files and lines (dist/server/*.js.map).
  module.setSourceMapsSupport?.(true);
  performance.mark('frosted:launch');
  const { main, exitOnStartFailure } = await import(
    pathToFileURL(path.join(root, 'dist/server/main.js')).href
  );
  // While the web app builds, the server opens the database, migrates and seeds; it waits for the
  // build only before it serves the app.
  await main({ webReady: building }).catch(exitOnStartFailure);
  // Also written at exit; written now, a server that is killed still leaves it for the next start.
  setTimeout(() => module.flushCompileCache?.(), 1000).unref();
} catch (err) {
  fail(err);
}
