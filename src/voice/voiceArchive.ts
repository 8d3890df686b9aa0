import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { getTakeSamples, type Take } from './Take';
import { takeFileName, type VoiceIndex } from './voiceFiles';
import { encodeWav } from './wav';

// Loaded when a voice track is exported or a .zip imported: the zip code is no part of a first visit.

/**
 * A whole voice track as one file: a zip of `<scene>-<beat>.wav` (each take as it plays) and
 * `index.json`, the same layout `npm run render -- --voice <dir>` reads once unzipped.
 */
export function packVoiceTrack(lesson: string, takes: readonly Take[]): Uint8Array {
  const index: VoiceIndex = {
    format: 'bank-conflict-voice-track',
    version: 1,
    lesson,
    takes: takes.map((t) => ({
      file: takeFileName(t),
      scene: t.scene,
      beat: t.beat + 1,
      text: t.text,
      thresholdDb: t.thresholdDb,
    })),
  };
  const files: Record<string, Uint8Array> = { 'index.json': strToU8(JSON.stringify(index, null, 2)) };
  for (const take of takes)
    files[takeFileName(take)] = encodeWav({ samples: getTakeSamples(take), sampleRate: take.sampleRate });
  return zipSync(files, { level: 0 });
}

/** The files of a packed voice track, and its index when there is a valid one. */
export function unpackVoiceTrack(bytes: Uint8Array): { files: Map<string, Uint8Array>; index: VoiceIndex | null } {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new Error('it is not a zip file (a voice track is the .zip this player exports)', { cause: error });
  }
  const files = new Map<string, Uint8Array>();
  for (const [path, data] of Object.entries(entries)) {
    const name = path.split('/').pop()!;
    if (name) files.set(name, data);
  }
  const raw = files.get('index.json');
  files.delete('index.json');
  return { files, index: raw ? parseVoiceIndex(strFromU8(raw)) : null };
}

/** Reads `index.json`; anything malformed is an error saying what. */
function parseVoiceIndex(text: string): VoiceIndex {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`index.json is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const index = data as Partial<VoiceIndex>;
  if (index?.format !== 'bank-conflict-voice-track' || index.version !== 1 || !Array.isArray(index.takes))
    throw new Error('index.json is not a voice-track index (format bank-conflict-voice-track, version 1)');
  for (const [i, take] of index.takes.entries()) {
    if (typeof take?.file !== 'string' || typeof take.text !== 'string' || typeof take.thresholdDb !== 'number')
      throw new Error(`index.json: takes[${i}] needs a file, a text and a thresholdDb`);
  }
  return index as VoiceIndex;
}
