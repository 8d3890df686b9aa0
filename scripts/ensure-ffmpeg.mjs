// Makes sure ffprobe and ffmpeg are there: the browser tests read exported clips back with them, as
// a player other than the browser that made them (see test/support/ffmpeg.ts). Installs Debian's
// ffmpeg package when running as root, otherwise stops with one line saying how.
import { spawnSync } from 'node:child_process';
import { ensureDebianPackage } from './aptInstall.mjs';

const runs = (tool) => spawnSync(tool, ['-version'], { stdio: 'ignore' }).status === 0;
ensureDebianPackage('ffmpeg', () => runs('ffprobe') && runs('ffmpeg'), 'ffprobe (Debian’s ffmpeg)');
