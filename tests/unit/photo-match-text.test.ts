import { describe, expect, it } from 'vitest';
import { photoMatchText } from '../../src/renderer/src/features/review/photoMatch';

describe("the duplicates panel's words for a matching photo", () => {
  it('calls only an identical file or a near-identical picture the same', () => {
    expect(photoMatchText({ kind: 'same', distance: 0 })).toBe('The same file');
    expect(photoMatchText({ kind: 'similar', distance: 1 })).toBe('The same picture');
    expect(photoMatchText({ kind: 'similar', distance: 6 })).toBe('A very similar picture (perhaps only the same card design)');
  });
  it('a match found only turned, mirrored or framed (shapes, not colours) may be only the same layout (issue 55)', () => {
    const text = photoMatchText({ kind: 'edited', distance: 0 });
    expect(text).not.toMatch(/^The same picture/);
    expect(text).toBe('A picture of the same layout, perhaps turned, mirrored or framed (or only the same card design),');
    expect(photoMatchText({ kind: 'edited', distance: 0, numbers_differ: true })).toBe(
      'The same card design, with another number on the photo,',
    );
  });
});
