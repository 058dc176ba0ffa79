import { describe, expect, it } from 'vitest';
import { withStatusTab } from '../../src/renderer/src/features/gift-cards/statusTab';

const tab = (url: string, status: string) => withStatusTab(new URLSearchParams(url), status).toString();

describe('the card list status tabs (issue 55)', () => {
  it('the Pending tab opens with the cards due for review first', () => {
    expect(tab('', '0')).toBe('status=0&sort=review_due');
    expect(tab('status=1&page=3', '0')).toBe('status=0&sort=review_due');
  });
  it('unless the URL already says how to sort', () => {
    expect(tab('sort=-price', '0')).toBe('sort=-price&status=0');
  });
  it('leaving Pending drops the due-first order, and keeps any other', () => {
    expect(tab('status=0&sort=review_due', '1')).toBe('status=1');
    expect(tab('status=0&sort=review_due', '')).toBe('');
    expect(tab('status=0&sort=-price', '2')).toBe('status=2&sort=-price');
  });
});
