import { describe, expect, it } from 'vitest';
import { getClipSource } from '../../src/export/getClipSource';
import { planClip, type ClipRequest } from '../../src/export/planClip';
import { readLesson } from '../../src/lesson/readLesson';
import { DEFAULT_LESSON_TITLE } from '../../src/session/PlayerSession';
import { MINIMAL } from '../support/minimalLesson';
import { openSession } from '../support/openSession';

const REQUEST: ClipRequest = {
  range: 'scene',
  width: 1280,
  height: 720,
  fps: 30,
  format: 'webm',
  burnCaptions: false,
  vtt: false,
};

/** The minimal lesson file, titled `title`. */
function readTitled(title: string) {
  const read = readLesson(MINIMAL.replace(/^title: .*$/m, `title: ${title}`));
  if (!read.ok) throw new Error('the test lesson does not read');
  return { scenes: read.lesson.scenes, title: read.lesson.title, chapters: read.lesson.chapters };
}

/** The file a clip of `range` is saved as, planned from the session as the dialog and the render page plan it. */
async function clipName(range: ClipRequest['range'], search: string, title?: string): Promise<string> {
  const { session } = await openSession(search, title === undefined ? {} : readTitled(title));
  const clip = planClip(getClipSource(session), { ...REQUEST, range });
  session.stop();
  if (typeof clip === 'string') throw new Error(clip);
  return clip.video;
}

describe('a clip planned from a session', () => {
  it('of the built-in lesson is named after the scene on stage', async () => {
    expect(await clipName('scene', 'scene=padding')).toBe('bank-conflicts-padding-1280x720-30fps.webm');
  });

  it('of the whole built-in lesson is its walkthrough', async () => {
    expect(await clipName('walkthrough', '')).toBe('bank-conflicts-walkthrough-1280x720-30fps.webm');
  });

  it('of a lesson file is named after its title', async () => {
    expect(await clipName('scene', 'scene=my-expr', 'Shared tiles')).toBe('shared-tiles-my-expr-1280x720-30fps.webm');
  });

  it('of a whole lesson file is named after its title alone', async () => {
    expect(await clipName('walkthrough', '', 'Shared tiles')).toBe('shared-tiles-1280x720-30fps.webm');
  });

  it('of a lesson file titled as the built-in lesson is named as the built-in lesson', async () => {
    expect(await clipName('walkthrough', '', DEFAULT_LESSON_TITLE)).toBe(
      'bank-conflicts-walkthrough-1280x720-30fps.webm',
    );
  });

  it('in Explore is named after the access on stage', async () => {
    expect(await clipName('scene', 'mode=explore&pattern=column&pitch=33&predict=off')).toBe(
      'bank-conflicts-explore-column-0-pitch-33-1280x720-30fps.webm',
    );
  });
});
