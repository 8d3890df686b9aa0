import { describe, expect, it } from 'vitest';
import { getDraftTitle, getTitleFileName } from '../../src/ui/lessonEditor/getDraftTitle';

describe('the lesson being written, by its title', () => {
  it('reads the top-level title, quoted or not, and none where it is nested or empty', () => {
    expect(getDraftTitle('title: Typed\nscenes:\n  - title: A scene')).toBe('Typed');
    expect(getDraftTitle("title: 'A column at pitch 40' # mine")).toBe('A column at pitch 40');
    expect(getDraftTitle('scenes:\n  - title: A scene')).toBeNull();
    expect(getDraftTitle('title:\n')).toBeNull();
  });

  it('names a file after it', () => {
    expect(getTitleFileName('A column at pitch 40')).toBe('a-column-at-pitch-40.yaml');
    expect(getTitleFileName('Bänke & “Konflikte”')).toBe('banke-konflikte.yaml');
    expect(getTitleFileName('!!!')).toBe('lesson.yaml');
  });
});
