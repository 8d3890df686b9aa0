// npm run render -- --scene <id> | --chapter <id> | --all --out <dir> [--size 1920x1080] [--fps 30] [--format mp4|webm]
//                   [--captions burn|vtt|none] [--voice <dir>] [--lesson <file>] [--workers 1|2]
// Renders clips with the player's own renderer, on its render page in Debian's headless Chromium
// (src/render/renderPage.ts puts the job's scene on a player session and renders it with
// renderClip, as the export dialog does; no control of the player's page is clicked), and writes
// them to <dir>. With two workers (the default for a
// chapter or the walkthrough on two cores or more) two pages render the clip's halves side by side,
// and their packets are joined.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { chromium } from 'playwright';
import { preview, runnerImport } from 'vite';
import { CHROMIUM_PACKAGE, chromiumArgs, chromiumPath, hasChromium } from './chromium.mjs';
import { joinClipParts } from './joinClipParts.mjs';

/** When the render began: after the build, when the command had to build the player first. */
let started = Date.now();
const USAGE =
  'usage: npm run render -- (--scene <id> | --chapter <id> | --all) --out <dir> [--size 1280x720|1920x1080|3840x2160] [--fps 30|60] [--format mp4|webm] [--captions burn|vtt|none] [--voice <dir>] [--lesson <file>] [--workers 1|2]';
/** The page's prefix for a job it refuses (see src/render/renderJob.ts). */
const REFUSED = 'refused: ';

/** Why the render stops: every problem on a line of its own; 2 for what the person asked, 1 for a failure. */
class Stop extends Error {
  /** `usage`: the arguments themselves were wrong, so the usage line is printed too. */
  constructor(problems, code = 2, usage = false) {
    super(problems.join('\n'));
    this.problems = problems;
    this.code = code;
    this.usage = usage;
  }
}

/** The flags, and whether each takes a value. */
const FLAGS = {
  '--all': false,
  '--scene': true,
  '--chapter': true,
  '--out': true,
  '--size': true,
  '--fps': true,
  '--format': true,
  '--captions': true,
  '--voice': true,
  '--lesson': true,
  '--workers': true,
};

/** What each value may be, as a problem for a value that is not. */
const CHECKS = {
  '--scene': (v) => /^[a-z0-9-]+$/.test(v) || `--scene "${v}" is not a scene id (lowercase letters, digits, hyphens)`,
  '--chapter': (v) =>
    /^[a-z0-9-]+$/.test(v) || `--chapter "${v}" is not a chapter id (lowercase letters, digits, hyphens)`,
  '--size': (v) =>
    ['1280x720', '1920x1080', '3840x2160'].includes(v) || `--size must be 1280x720, 1920x1080 or 3840x2160, not "${v}"`,
  '--fps': (v) => ['30', '60'].includes(v) || `--fps must be 30 or 60, not "${v}"`,
  '--format': (v) => ['mp4', 'webm'].includes(v) || `--format must be mp4 or webm, not "${v}"`,
  '--captions': (v) => ['burn', 'vtt', 'none'].includes(v) || `--captions must be burn, vtt or none, not "${v}"`,
  '--voice': (v) => (existsSync(v) && statSync(v).isDirectory()) || `--voice "${v}" is not a folder of takes`,
  '--lesson': (v) => (existsSync(v) && statSync(v).isFile()) || `--lesson "${v}" is not a lesson file`,
  '--workers': (v) => ['1', '2'].includes(v) || `--workers must be 1 or 2, not "${v}"`,
};

/**
 * Reads the arguments: what is missing first (the range, then where it goes), then every problem
 * with an argument, in the order given, each on its own line.
 */
function parseArgs(argv) {
  const options = { size: '1920x1080', fps: '30', format: 'mp4', captions: 'burn' };
  const problems = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (!(flag in FLAGS)) {
      problems.push(`unknown argument "${flag}"`);
      continue;
    }
    let value = true;
    if (FLAGS[flag]) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) {
        problems.push(`${flag} needs a value`);
        continue;
      }
      i++;
      const checked = CHECKS[flag]?.(value) ?? true;
      if (checked !== true) problems.push(checked);
    }
    options[flag.slice(2)] = value;
  }
  const missing = [];
  if ([options.all, options.scene, options.chapter].filter((o) => o !== undefined).length !== 1)
    missing.push('give exactly one of --scene <id>, --chapter <id> or --all');
  if (!options.out) missing.push('--out <dir> is required');
  if (missing.length + problems.length > 0) throw new Stop([...missing, ...problems], 2, true);
  // A page keeps about one core busy (its drawing, its encoder and the GPU process wait on each
  // other), so a chapter or the walkthrough renders in halves side by side; one scene gains nothing
  // (a second page's start costs what it saves: row-read took 7.1 s split, 6.7 s whole).
  options.workers ??= options.scene !== undefined ? '1' : String(Math.min(2, availableParallelism()));
  return options;
}

/** Whether the built player is older than anything it is built from, so that it must be built again. */
function isStale() {
  if (!existsSync('dist/render.html')) return true;
  const built = statSync('dist/render.html').mtimeMs;
  const newer = (path) => {
    const info = statSync(path);
    if (info.isDirectory()) return readdirSync(path).some((name) => newer(join(path, name)));
    return info.mtimeMs > built;
  };
  return ['src', 'scenes', 'assets', 'index.html', 'render.html', 'vite.config.ts', 'package-lock.json'].some(
    (path) => existsSync(path) && newer(path),
  );
}

/** The takes in a folder, as the page's job carries them. */
function readVoice(dir) {
  const names = readdirSync(dir).filter((n) => statSync(join(dir, n)).isFile());
  if (names.length === 0) throw new Stop([`--voice "${dir}" holds no takes`]);
  return names.map((name) => ({ name, base64: readFileSync(join(dir, name)).toString('base64') }));
}

/**
 * Refuses a scene or a chapter that the built-in lesson does not have, in the page's words, without
 * the page: the lesson's table of contents and the check are read through Vite, as the build reads
 * them (a quarter of a second, where the page took seconds to open). A lesson file is checked by
 * the page, which reads it.
 */
async function checkBuiltInPlace(options) {
  if (options.lesson || (options.scene === undefined && options.chapter === undefined)) return;
  const read = (path) => runnerImport(path, { configFile: false, logLevel: 'warn' });
  // Should Vite fail to read them, the page checks the job as it does a lesson file's.
  const modules = await Promise.all([read('./scenes/index.ts'), read('./src/render/renderJob.ts')]).catch(() => null);
  if (!modules) return;
  const [{ module: lesson }, { module: job }] = modules;
  const missing = job.getMissingPlace(
    { scene: options.scene ?? null, chapter: options.chapter ?? null },
    lesson.SCENES.map((scene) => scene.id),
    lesson.CHAPTERS.map((chapter) => chapter.id),
  );
  if (missing) throw new Stop([missing]);
}

/** Reports why the render stopped, and exits with its code. */
function exitStopped(error) {
  const stopped = error instanceof Stop ? error : new Stop([error instanceof Error ? error.message : String(error)], 1);
  for (const problem of stopped.problems) console.error(`render: ${problem}`);
  if (stopped.usage) console.error(USAGE);
  console.error('render: stopped; no clip was written.');
  process.exit(stopped.code);
}

/**
 * Renders `job` (the whole clip, or one part of it) on a page of its own, saving what it makes:
 * parts into `parts`, the clip and its captions into `out`. The page opens at once; the render
 * starts when `go` resolves true (nothing is rendered on false). Resolves with the page's result
 * once its files are written, or `null`.
 */
async function renderOnPage(job, out, parts, onProgress, go = Promise.resolve(true)) {
  const page = await browser.newPage({ acceptDownloads: true });
  const failures = [];
  page.on('pageerror', (error) => failures.push(error.message));
  const saved = [];
  page.on('download', (download) => {
    const name = download.suggestedFilename();
    saved.push(download.saveAs(join(/\.part\d+$/.test(name) ? parts : out, name)));
  });
  await page.exposeFunction('onRenderProgress', onProgress);
  await page.goto(`${server.resolvedUrls.local[0]}render.html`);
  await page.waitForFunction(() => typeof window.renderClip === 'function');
  if (!(await go)) {
    await page.close();
    return null;
  }
  const result = await page
    .evaluate((job) => window.renderClip(job), job)
    .catch((error) => {
      // The page's words, without the stack Playwright adds after them.
      const message = String(error.message ?? error)
        .split('\n')
        .filter((line) => !/^\s+at /.test(line))
        .join('\n');
      const refused = message.indexOf(REFUSED);
      if (refused >= 0) throw new Stop(message.slice(refused + REFUSED.length).split('\n'));
      throw new Stop([`the render failed in the page: ${message.replace(/^Error: /, '')}`, ...failures], 1);
    });
  // The downloads may be announced just after the page's answer.
  const until = Date.now() + 30_000;
  while (saved.length < result.files.length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  await Promise.all(saved);
  await page.close();
  return result;
}

let options;
try {
  options = parseArgs(process.argv.slice(2));
  if (!hasChromium())
    throw new Stop(
      [`no Chromium at ${chromiumPath()}: install Debian's ${CHROMIUM_PACKAGE} package or set CHROMIUM_PATH`],
      1,
    );
} catch (error) {
  exitStopped(error);
}
if (isStale()) {
  console.log('render: building the player (its sources changed since the last build)…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  // Timed apart: a build (13 s at load 20 here) in a render's time made its ratio say nothing.
  console.log(`render: built in ${((Date.now() - started) / 1000).toFixed(1)} s; the render's time starts now`);
  started = Date.now();
}
const out = resolve(options.out);
// The check runs while the server and the browser start; a refusal exits, which closes them both.
const [server, browser] = await Promise.all([
  preview({ preview: { host: '127.0.0.1', port: 4181, strictPort: false }, logLevel: 'warn' }),
  chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs }),
  checkBuiltInPlace(options),
]).catch(exitStopped);
let stopped = null;
try {
  const [width, height] = options.size.split('x').map(Number);
  const job = {
    lesson: options.lesson ? { name: basename(options.lesson), text: readFileSync(options.lesson, 'utf8') } : null,
    scene: options.scene ?? null,
    chapter: options.chapter ?? null,
    marks: null,
    width,
    height,
    fps: Number(options.fps),
    format: options.format,
    captions: options.captions,
    voice: options.voice ? readVoice(resolve(options.voice)) : [],
  };
  mkdirSync(out, { recursive: true });
  const count = Number(options.workers);
  const parts = count > 1 ? mkdtempSync(join(tmpdir(), 'render-parts-')) : null;
  const progress = Array.from({ length: count }, () => null);
  let logged = Date.now();
  const report = () => {
    if (progress.some((p) => p === null)) return;
    const done = progress.reduce((n, p) => n + p.done, 0);
    const total = progress.reduce((n, p) => n + p.total, 0);
    const rate = done / Math.max((Date.now() - rendering) / 1000, 1e-3);
    const line = `${done} / ${total} frames · ${rate.toFixed(1)} frames a second · about ${Math.ceil((total - done) / rate)} s left`;
    // A terminal gets one line that updates; a log, a line now and then, and the last.
    if (process.stdout.isTTY) process.stdout.write(`\r${line.padEnd(72)}`);
    else if (Date.now() - logged > 5000 || done === total) {
      console.log(line);
      logged = Date.now();
    }
  };
  const rendering = Date.now();
  // The other parts start once part 0 has encoded a frame: a job the page refuses (a scene that
  // does not exist, a take for no beat) is then refused once, not by every page. Their pages open
  // meanwhile, so that they start a page load's time (1–2 s under load) sooner.
  let checked;
  const passed = new Promise((resolve) => (checked = resolve));
  const run = (index, go) =>
    renderOnPage(
      { ...job, part: parts ? { index, count } : null },
      out,
      parts,
      (p) => {
        if (progress.every((q) => q === null))
          console.log(
            `render: first frame encoded ${((Date.now() - started) / 1000).toFixed(1)} s after the render began`,
          );
        if (index === 0) checked(true);
        progress[index] = p;
        report();
      },
      go,
    );
  const first = run(0);
  first.catch(() => checked(false));
  const rest = progress.slice(1).map((_, k) => run(k + 1, passed));
  const settled = await Promise.allSettled([first, ...rest]);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  if (process.stdout.isTTY) process.stdout.write('\n');
  const [result] = settled.map((r) => r.value);
  for (const warning of result.warnings) console.warn(`render: worth a second look: ${warning}`);
  if (parts) {
    const joining = Date.now();
    const files = progress.map((_, index) => new Uint8Array(readFileSync(join(parts, `${result.video}.part${index}`))));
    writeFileSync(join(out, result.video), await joinClipParts(files, job.format, job.fps));
    rmSync(parts, { recursive: true, force: true });
    console.log(
      `render: joined ${count} parts rendered side by side in ${((Date.now() - joining) / 1000).toFixed(1)} s`,
    );
  }
  const frames = progress.reduce((n, p) => n + p.total, 0);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `render: ${frames} frames (${(frames / job.fps).toFixed(1)} s of clip) in ${seconds.toFixed(1)} s, ` +
      `${(seconds / (frames / job.fps)).toFixed(3)}× its length, on ${count} worker${count === 1 ? '' : 's'}`,
  );
  // Counts that do not hang on the machine's load, and each page's own time (the split's balance).
  const results = settled.map((r) => r.value);
  const sum = (key) => results.reduce((n, r) => n + r[key], 0);
  console.log(
    `render: ${sum('drawn')} pictures drawn and read back, ${sum('encoded')} frames encoded` +
      (count > 1 ? `; the pages took ${results.map((r) => r.seconds.toFixed(1)).join(' and ')} s` : ''),
  );
  if (result.takes > 0)
    console.log(`render: mixed in ${result.takes} take${result.takes === 1 ? '' : 's'}, as ${result.audio} audio`);
  const written = [result.video, ...result.files.filter((name) => !name.startsWith(`${result.video}.part`))];
  for (const name of new Set(written)) {
    if (!existsSync(join(out, name))) throw new Stop([`the page made ${name}, but it was not written`], 1);
    console.log(`wrote ${join(out, name)}`);
  }
} catch (error) {
  stopped = error;
} finally {
  await browser.close();
  await new Promise((r) => server.httpServer.close(r));
}
if (stopped) exitStopped(stopped);
