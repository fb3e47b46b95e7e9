import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, allowedChildren, parsePageBlocks, slugSchema, walkBlocks, type Block } from './blocks.schema.ts';
import { BLOCK_MAX_COUNT, BLOCK_MAX_DEPTH } from './constants.ts';
import { embedSource, videoSource } from './embeds.ts';
import { sanitizeRichText } from './rich-text.server.ts';
import { behavioursOf } from './render/behaviours.ts';
import { demoHomeBlocks } from '../../../db/seed/demo-pages.ts';

const pictures = [1, 2, 3, 4, 5, 6].map((id) => ({ id, alt: `Picture ${id}` }));

function chain(depth: number): unknown {
  let node: Record<string, unknown> = { id: 'leaf', type: 'spacer' };
  for (let i = depth - 1; i > 0; i--) node = { id: `n${i}`, type: 'animate', children: [node] };
  return [node];
}

describe('block schema', () => {
  it('fills defaults from the specification (slider 3000 ms, arrows and dots on, friction 0.28, attraction 0.025)', () => {
    const r = parsePageBlocks([{ id: 's', type: 'slider', props: { label: 'Hi' } }]);
    expect(r.ok && r.blocks[0]!.props).toMatchObject({ autoplay: 3000, arrows: true, dots: true, draggable: true, friction: 0.28, attraction: 0.025 });
    const off = parsePageBlocks([{ id: 's', type: 'slider', props: { label: 'Hi', autoplay: false } }]);
    expect(off.ok && off.blocks[0]!.props).toMatchObject({ autoplay: false });
    const v = parsePageBlocks([{ id: 'v', type: 'video', props: { url: 'https://youtu.be/aqz-KE-bpKQ', title: 'x' } }]);
    expect(v.ok && v.blocks[0]!.props).toMatchObject({ autoplay: true, audio: false, loop: true, controls: false });
  });

  it('allows depth 20 and 2,000 blocks, and refuses one more of either with its path', () => {
    expect(parsePageBlocks(chain(BLOCK_MAX_DEPTH)).ok).toBe(true);
    const deep = parsePageBlocks(chain(BLOCK_MAX_DEPTH + 1));
    expect(deep.ok).toBe(false);
    if (!deep.ok) expect(deep.path).toBe(`blocks.0${'.children.0'.repeat(BLOCK_MAX_DEPTH)}`);
    const flat = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `b${i}`, type: 'divider' }));
    expect(parsePageBlocks(flat(BLOCK_MAX_COUNT)).ok).toBe(true);
    const many = parsePageBlocks(flat(BLOCK_MAX_COUNT + 1));
    expect(many.ok || many.message).toMatch(/at most 2000 blocks/);
    // A 100,000-deep tree is refused without exhausting the stack.
    let huge: Record<string, unknown> = { id: 'x', type: 'spacer' };
    for (let i = 0; i < 100_000; i++) huge = { id: `h${i}`, type: 'section', children: [huge] };
    expect(parsePageBlocks([huge]).ok).toBe(false);
  });

  it('names the path of unknown types, wrong props and children where none belong', () => {
    const cases: [unknown, string][] = [
      [[{ id: 'a', type: 'iframe' }], 'blocks.0.type'],
      [[{ id: 'a', type: 'tabs', children: [{ id: 'b', type: 'heading', props: { text: 'x' } }] }], 'blocks.0.children.0.type'],
      [[{ id: 'a', type: 'count-up', props: { value: 'many' } }], 'blocks.0.props.value'],
      [[{ id: 'a', type: 'section', props: { bgColor: 'red;background:url(x)' } }], 'blocks.0.props.bgColor'],
      [[{ id: 'a', type: 'column' }], 'blocks.0.type'],
      [[{ id: 'a b', type: 'spacer' }], 'blocks.0.id'],
      [[{ id: 'a', type: 'spacer', extra: 1 }], 'blocks.0'],
      [[{ id: 'a', type: 'lightbox', props: { anchor: 'g', kind: 'gallery', title: 'G' } }], 'blocks.0.props.images'],
      [[{ id: 'a', type: 'scroll-for-more', props: { target: 'missing' } }], 'blocks.0.props.target'],
    ];
    for (const [input, path] of cases) {
      const r = parsePageBlocks(input);
      expect(r.ok, path).toBe(false);
      if (!r.ok) expect(r.path, JSON.stringify(r.fields)).toBe(path);
    }
  });

  it('keeps child-only blocks in their parents', () => {
    expect(allowedChildren('row')).toEqual(['column']);
    expect(allowedChildren('tabs')).toEqual(['tab']);
    expect(allowedChildren('accordion')).toEqual(['accordion-item']);
    expect(allowedChildren(null)).not.toContain('column');
    expect(allowedChildren('heading')).toEqual([]);
  });

  it('the demo home page uses every block type and every behaviour but the edit tooltip', () => {
    const r = parsePageBlocks(demoHomeBlocks(pictures));
    expect(r.ok, r.ok ? '' : `${r.path}: ${r.message}`).toBe(true);
    const blocks = (r.ok ? r.blocks : []) as Block[];
    const used = new Set<string>();
    walkBlocks(blocks, (b) => void used.add(b.type));
    expect([...used].sort()).toEqual([...BLOCK_TYPES].sort());
    expect(behavioursOf(blocks)).not.toContain('edit-tooltip');
    expect(behavioursOf(blocks).length).toBeGreaterThanOrEqual(15);
  });

  it('slugs: lower-case words, never a shop address', () => {
    expect(slugSchema.parse(' Summer-Sale ')).toBe('summer-sale');
    for (const bad of ['cart', 'checkout', 'my-account', 'admin', 'a_b', 'a--b', '-a', 'x/y', '']) expect(slugSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe('embeds allow-list', () => {
  it('takes YouTube, Vimeo and own files; nothing else', () => {
    expect(videoSource('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toEqual({ provider: 'youtube', id: 'aqz-KE-bpKQ' });
    expect(videoSource('https://vimeo.com/76979871')).toEqual({ provider: 'vimeo', id: '76979871' });
    expect(videoSource('/media/clips/intro.mp4')).toEqual({ provider: 'self', src: '/media/clips/intro.mp4' });
    for (const bad of [
      'http://www.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ',
      'javascript:alert(1)',
      '/media/../secret.mp4',
      'https://evil.example/a.mp4',
      '//evil.example/x.mp4',
    ])
      expect(videoSource(bad), bad).toBeNull();
    expect(embedSource('https://www.google.com/maps/embed?pb=abc')).toBe('https://www.google.com/maps/embed?pb=abc');
    expect(embedSource('https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
    expect(embedSource('https://www.google.com/search?q=x')).toBeNull();
    expect(embedSource('data:text/html,<script>alert(1)</script>')).toBeNull();
  });
});

describe('rich text sanitiser', () => {
  it('keeps formatting and links; drops scripts, handlers, javascript: links, SVG, styles and frames', () => {
    const out = sanitizeRichText(
      '<p onclick="alert(1)">Hi <strong>there</strong> <a href="javascript:alert(2)">x</a> <a href="https://example.com" target="_blank">ok</a></p>' +
        '<script>alert(3)</script><svg onload="alert(4)"><script>alert(5)</script></svg><img src=x onerror=alert(6)>' +
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><a href="JaVaScRiPt&colon;alert(7)">y</a><a href="data:text/html,x">z</a>',
    );
    expect(out).toContain('<strong>there</strong>');
    expect(out).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(out).not.toMatch(/alert|onclick|onerror|onload|<svg|<script|<iframe|<style|<img|javascript|data:/i);
  });
});
