import { describe, expect, it } from 'vitest';
import { guestName } from '../chat.schema.ts';

describe('generated guest names (spec §3)', () => {
  it('is Guest- and a number from 1000 to 5000, both ends included', () => {
    expect(guestName(undefined, () => 0)).toBe('Guest-1000');
    expect(guestName(undefined, () => 0.999_999_9)).toBe('Guest-5000');
    expect(guestName('', () => 0.5)).toBe('Guest-3000');
    for (let i = 0; i < 200; i++) expect(guestName()).toMatch(/^Guest-(1\d{3}|[2-4]\d{3}|5000)$/);
  });
  it('is the part of the e-mail address before the at-sign when one is given', () => {
    expect(guestName('ada.lovelace@mail.example')).toBe('ada.lovelace');
  });
});
