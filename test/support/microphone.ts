// The browser tests' microphone: a WAV file Chromium plays as its fake capture device.
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeWav } from '../../src/voice/wav';

export const RATE = 48_000;

/** `count` tone bursts of `seconds`, each after `gap` seconds of silence, ending with silence. */
export function bursts(count: number, seconds: number, gap: number): Float32Array {
  const period = seconds + gap;
  const samples = new Float32Array(Math.round((count * period + gap) * RATE));
  for (let b = 0; b < count; b++) {
    const from = Math.round((gap + b * period) * RATE);
    for (let i = 0; i < seconds * RATE; i++) samples[from + i] = 0.6 * Math.sin((2 * Math.PI * 523 * i) / RATE);
  }
  return samples;
}

/**
 * Writes the fake microphone's file, once per machine, and gives Chromium's flags for it: a loop of
 * half-second bursts between silences of a second and a half. The silence is long so that a take
 * stopped late on a busy machine still holds one burst. Every process that loads the test config
 * asks for it, so it is written whole under another name and then renamed: a browser never opens a
 * half-written file.
 */
export function getMicrophoneArgs(): string[] {
  // The name carries the sound's version: a change to the sound needs a new name.
  const file = join(tmpdir(), 'bank-conflict-player-test-microphone-v1.wav');
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, encodeWav({ samples: bursts(1, 0.5, 1.5), sampleRate: RATE }));
    renameSync(partial, file);
  }
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-audio-capture=${file}`,
    '--autoplay-policy=no-user-gesture-required',
  ];
}
