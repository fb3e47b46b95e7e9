import { describe, expect, it } from 'vitest';
import { avatarHue, initialsOf } from './avatar.ts';

describe('chat avatars', () => {
  it('takes the initials of the first two words, or of an e-mail address before the at-sign', () => {
    expect(initialsOf('Vera Visitor')).toBe('VV');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('jean-luc.picard@example.org')).toBe('JL');
    expect(initialsOf('Ярослав Мудрый Третий')).toBe('ЯМ');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('Guest-3456')).toBe('G');
    expect(initialsOf('42')).toBe('4');
  });
  it('gives a name the same hue every time', () => {
    expect(avatarHue('Vera Visitor')).toBe(avatarHue('Vera Visitor'));
    expect(avatarHue('Vera Visitor')).toBeGreaterThanOrEqual(0);
    expect(avatarHue('Vera Visitor')).toBeLessThan(360);
  });
});
