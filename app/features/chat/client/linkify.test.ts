import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';
import { luminance, textColourOn } from './colour.ts';

describe('linkify', () => {
  it('keeps plain text, markup included, as text', () => {
    expect(linkify('<img src=x onerror=alert(1)> & "q"')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)> & "q"' }]);
  });
  it('turns newlines into breaks', () => {
    expect(linkify('a\nb\r\nc')).toEqual([{ kind: 'text', text: 'a' }, { kind: 'break' }, { kind: 'text', text: 'b' }, { kind: 'break' }, { kind: 'text', text: 'c' }]);
  });
  it('links URLs, www addresses and e-mail addresses, leaving trailing punctuation out', () => {
    expect(linkify('See https://shop.example/a?b=1, or www.example.org. Mail ada@mail.example!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://shop.example/a?b=1', href: 'https://shop.example/a?b=1' },
      { kind: 'text', text: ', or ' },
      { kind: 'link', text: 'www.example.org', href: 'https://www.example.org' },
      { kind: 'text', text: '. Mail ' },
      { kind: 'link', text: 'ada@mail.example', href: 'mailto:ada@mail.example' },
      { kind: 'text', text: '!' },
    ]);
  });
  it('keeps a closing parenthesis that belongs to the URL', () => {
    expect(linkify('(https://en.example/wiki/A_(b))')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://en.example/wiki/A_(b)', href: 'https://en.example/wiki/A_(b)' },
      { kind: 'text', text: ')' },
    ]);
  });
  it('never makes a javascript: link', () => {
    expect(linkify('javascript:alert(1)').every((p) => p.kind === 'text')).toBe(true);
  });
});

describe('luminance', () => {
  it('weights red, green and blue', () => {
    expect(luminance('#000000')).toBe(0);
    expect(Math.round(luminance('#ffffff'))).toBe(255);
    expect(Math.round(luminance('#009EDB'))).toBe(118);
    expect(luminance('#fff')).toBe(luminance('#ffffff'));
  });
  it('writes white on colours darker than 180, black on lighter ones', () => {
    expect(textColourOn('#009EDB')).toBe('#ffffff');
    expect(textColourOn('#ffeb3b')).toBe('#000000');
    expect(textColourOn('#b4b4b4')).toBe('#000000'); // exactly 180
    expect(textColourOn('#b3b3b3')).toBe('#ffffff');
    expect(textColourOn('not a colour')).toBe('#ffffff'); // the default's
  });
});
