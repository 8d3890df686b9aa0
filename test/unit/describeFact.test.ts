import { describe, expect, it } from 'vitest';
import { describeFact } from '../../src/ui/lessonEditor/factHover';

describe('a fact hovered in the lesson editor', () => {
  it('says its value in the scene', () =>
    expect(describeFact('rounds', { rounds: '8' })).toBe('{rounds} = 8 in this scene'));

  it('names the fact meant by a misspelt one', () =>
    expect(describeFact('busiets', { rounds: '8', busiest: '0' })).toBe(
      '{busiets}: this scene has no fact called "busiets"; did you mean busiest?',
    ));
});
