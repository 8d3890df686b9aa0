// Reads clips back with ffprobe and ffmpeg (Debian's ffmpeg; scripts/ensure-ffmpeg.mjs installs it):
// a player other than the browser and the library that made them, as lecture-room software is.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A stream as ffprobe reports it (the fields the tests read). */
export interface ProbedStream {
  readonly codec_type: 'video' | 'audio' | string;
  readonly codec_name: string;
  readonly duration: number;
  readonly sample_rate?: number;
}

/** Runs `body` on the clip written to a file of its own, removed after. */
function withFile<T>(bytes: Uint8Array, extension: string, body: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'clip-'));
  const file = join(dir, `clip.${extension}`);
  writeFileSync(file, bytes);
  try {
    return body(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every stream of a clip, as ffprobe reads it. */
export function ffprobe(bytes: Uint8Array, extension: 'mp4' | 'webm'): ProbedStream[] {
  return withFile(bytes, extension, (file) => {
    const json = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,duration,sample_rate', '-of', 'json', file],
      { encoding: 'utf8' },
    );
    return (JSON.parse(json) as { streams: Record<string, string>[] }).streams.map((s) => ({
      codec_type: s.codec_type,
      codec_name: s.codec_name,
      duration: Number(s.duration),
      sample_rate: s.sample_rate === undefined ? undefined : Number(s.sample_rate),
    }));
  });
}

/**
 * A clip's audio as ffmpeg decodes and presents it: mono samples at `rate` from the clip's time 0
 * (edit lists applied, as players that honour them play it).
 */
export function decodeAudio(bytes: Uint8Array, extension: 'mp4' | 'webm', rate = 48_000): Float32Array {
  const raw = withFile(bytes, extension, (file) =>
    execFileSync(
      'ffmpeg',
      ['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-'],
      {
        maxBuffer: 1 << 30,
      },
    ),
  );
  // Copied out: a Buffer's bytes may start where no Float32Array can.
  return new Float32Array(new Uint8Array(raw).buffer);
}

/**
 * Where each stretch of sound begins, in seconds: a millisecond window whose peak passes 0.1 after
 * at least 0.2 s of quiet (the tests' takes are tone bursts between silences).
 */
export function findOnsets(samples: Float32Array, rate = 48_000): number[] {
  const window = rate / 1000;
  const found: number[] = [];
  let quietSince = -Infinity;
  let loud = false;
  for (let i = 0; i < samples.length; i += window) {
    let peak = 0;
    for (let j = i; j < Math.min(samples.length, i + window); j++) peak = Math.max(peak, Math.abs(samples[j]));
    const t = i / rate;
    if (peak > 0.1 && !loud && t - quietSince > 0.2) found.push(t);
    if (peak > 0.1) loud = true;
    else if (loud) {
      loud = false;
      quietSince = t;
    }
  }
  return found;
}
