import { describe, expect, it } from 'vitest';
import { parsePageBlocks, type Block, type BlockInput } from '../blocks.schema.ts';
import { BUILDER_TYPES, blocksToPuck, CHILDREN_KEY, puckToBlocks, renderableBlock, starterItemProps, topLevelIndexOf } from './puck-data.ts';
import { fieldFor } from './puck-config.tsx';
import { DEFAULT_HOME_BLOCKS } from '../home-blocks.ts';
import { DEMO_SHOP_BLOCKS } from '../../../../db/seed/demo-home-blocks.ts';

const tree = (input: BlockInput[]): Block[] => {
  const r = parsePageBlocks(input);
  if (!r.ok) throw new Error(`${r.path}: ${r.message}`);
  return r.blocks;
};

const sample = tree([
  { id: 'hero', type: 'section', props: { bgColor: '#fafafa', padding: 'large' }, children: [{ id: 'title', type: 'heading', props: { text: 'Welcome', level: 2 } }] },
  { id: 'intro', type: 'text', props: { html: '<p>Hello <strong>there</strong></p>' } },
  { id: 'cta', type: 'button', props: { label: 'Shop', href: '/shop', newTab: true } },
  { id: 'slides', type: 'slider', props: { label: 'News', autoplay: false }, children: [{ id: 's1', type: 'text', props: { html: '<p>One</p>' } }] },
  { id: 'info', type: 'tabs', children: [{ id: 't1', type: 'tab', props: { title: 'A', hash: 'a' }, children: [{ id: 't1x', type: 'text', props: { html: '<p>A</p>' } }] }] },
  { id: 'faq', type: 'accordion', children: [{ id: 'q1', type: 'accordion-item', props: { title: 'Q' } }] },
  { id: 'n', type: 'count-up', props: { value: 250 } },
  { id: 'gap', type: 'spacer', props: { large: 60 } },
  { id: 'cols', type: 'row', children: [{ id: 'c1', type: 'column' }, { id: 'c2', type: 'column' }] },
]);

describe('block tree ⇄ Puck data', () => {
  it('round-trips a page of the main block types unchanged', () => {
    const data = blocksToPuck(sample);
    expect(data.content.map((i) => i.type)).toEqual(['section', 'text', 'button', 'slider', 'tabs', 'accordion', 'count-up', 'spacer', 'row']);
    expect(data.content[0]!.props.id).toBe('hero');
    expect(data.content[3]!.props.autoplay).toBe(0);
    expect(data.content[3]!.props[CHILDREN_KEY]).toEqual(sample[3]!.children);
    const back = puckToBlocks(data);
    expect(back).toEqual(sample);
    expect(tree(back as BlockInput[])).toEqual(tree(sample as BlockInput[]));
  });

  it('turns edited field values back into props', () => {
    const data = blocksToPuck(sample);
    data.content[3]!.props.autoplay = 4.5;
    const blocks = puckToBlocks(data);
    expect((blocks[3]!.props as { autoplay: unknown }).autoplay).toBe(4500);
    data.content[3]!.props.autoplay = 0;
    expect((puckToBlocks(data)[3]!.props as { autoplay: unknown }).autoplay).toBe(false);
  });

  it('gives new and duplicated items valid, unique ids', () => {
    const data = blocksToPuck(sample);
    data.content.push({ type: 'tabs', props: { id: 'tabs-1b2c3d4e-aaaa-bbbb-cccc-1234567890ab-and-far-too-long-for-a-block-id', ...starterItemProps('tabs') } });
    data.content.push({ type: 'tabs', props: { id: 'info', ...starterItemProps('tabs') } });
    const blocks = puckToBlocks(data);
    const ids: string[] = [];
    const walk = (bs: Block[]) => bs.forEach((b) => (ids.push(b.id), b.children && walk(b.children)));
    walk(blocks);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id))).toBe(true);
  });

  it('starts palette blocks with valid props and children', () => {
    for (const type of ['section', 'row', 'heading', 'text', 'button', 'slider', 'tabs', 'accordion', 'count-up', 'spacer'] as const) {
      expect(renderableBlock({ type, props: { id: `${type}-x`, ...starterItemProps(type) } }), type).not.toBeNull();
    }
    expect(renderableBlock({ type: 'slider', props: { id: 's', ...starterItemProps('slider') } })!.children).toHaveLength(2);
  });

  it('finds the top-level item to select for an edit link', () => {
    expect(topLevelIndexOf(sample, 'cta')).toBe(2);
    expect(topLevelIndexOf(sample, 't1x')).toBe(4);
    expect(topLevelIndexOf(sample, 'nope')).toBe(-1);
  });

  it('refuses props that do not validate', () => {
    expect(renderableBlock({ type: 'count-up', props: { id: 'n', value: 'lots' } })).toBeNull();
  });
});

describe('the home page blocks in the builder', () => {
  const home = tree([
    ...(DEFAULT_HOME_BLOCKS as BlockInput[]),
    ...DEMO_SHOP_BLOCKS.map((b) => ({ ...b, id: `demo-${b.id}` })),
    { id: 'pics', type: 'lightbox', props: { anchor: 'pics', kind: 'gallery', title: 'Pictures', images: [{ mediaId: 3, alt: 'A mug' }, { mediaId: 4, alt: 'A tee' }] } },
  ]);

  it('edits every prop with its own field: links and columns as groups, lists with items, categories by picker, never JSON', () => {
    const labels: string[] = [];
    const walk = (fields: Record<string, { type: string; label?: string; objectFields?: object; arrayFields?: object }>) => {
      for (const f of Object.values(fields)) {
        labels.push(f.label ?? '');
        if (f.objectFields) walk(f.objectFields as typeof fields);
        if (f.arrayFields) walk(f.arrayFields as typeof fields);
      }
    };
    for (const type of BUILDER_TYPES) walk(fieldFor(type) as Parameters<typeof walk>[0]);
    expect(labels.filter((l) => l.includes('JSON'))).toEqual([]);
    const hero = fieldFor('hero') as Record<string, { type: string; objectFields?: Record<string, { type: string }> }>;
    expect(hero.cta).toMatchObject({ type: 'object', objectFields: { label: { type: 'text' }, href: { type: 'custom' } } });
    expect((fieldFor('benefits') as Record<string, { type: string; arrayFields?: object }>).items).toMatchObject({ type: 'custom', arrayFields: { icon: { type: 'select' } } });
    expect((fieldFor('category-tiles') as Record<string, { type: string; arrayFields?: Record<string, { type: string }> }>).paths).toMatchObject({ type: 'custom', arrayFields: { path: { type: 'custom' } } });
    expect((fieldFor('product-grid') as Record<string, { objectFields?: Record<string, { type: string }> }>).columns!.objectFields!.large!.type).toBe('number');
  });

  it('round-trips the home blocks unchanged', () => {
    const data = blocksToPuck(home);
    const tiles = data.content.find((i) => i.props.id === 'demo-home-2')!;
    expect(tiles.props.paths).toEqual(['clothing/t-shirts', 'clothing/hoodies', 'clothing/accessories', 'home-living/mugs', 'home-living/posters', 'home-living/plants'].map((path) => ({ path })));
    expect(data.content[0]!.props.cta).toEqual({ label: 'Shop now', href: '/shop' });
    expect(puckToBlocks(data)).toEqual(home);
  });

  it('turns edited fields back into props: a blank optional link is left out, blank categories and an emptied list item dropped', () => {
    const data = blocksToPuck(home);
    const hero = data.content.find((i) => i.props.id === 'demo-home-0')!;
    hero.props.secondary = { label: '', href: '' };
    const tiles = data.content.find((i) => i.props.id === 'demo-home-2')!;
    tiles.props.paths = [{ path: ' clothing/hoodies ' }, { path: '' }, { path: 'home-living/mugs' }, {}];
    const benefits = data.content.find((i) => i.props.id === 'home-1')!;
    benefits.props.items = [...(benefits.props.items as object[]), { icon: undefined, title: '', text: '' }];
    const grid = data.content.find((i) => i.props.id === 'home-3')!;
    grid.props.columns = { large: 4, medium: 2, small: 1 };
    const parsed = parsePageBlocks(puckToBlocks(data));
    expect(parsed.ok).toBe(true);
    const out = parsed.ok ? parsed.blocks : [];
    const byId = (id: string) => out.find((b) => b.id === id)!.props as Record<string, unknown>;
    expect(byId('demo-home-0').secondary).toBeUndefined();
    expect(byId('demo-home-2').paths).toEqual(['clothing/hoodies', 'home-living/mugs']);
    expect(byId('home-1').items).toHaveLength(3);
    expect(byId('home-3').columns).toEqual({ large: 4, medium: 2, small: 1 });
  });
});
