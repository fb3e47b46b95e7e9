import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, parsePageBlocks, type BlockType } from './blocks.schema.ts';
import { applies, propFields, type PropField } from './prop-fields.ts';
import { propsFromForm } from './prop-form.ts';
import { optionLabelOrNone, propLabelOrNone } from './prop-labels.ts';
import { BUILDER_TYPES } from './builder/puck-data.ts';
import { fieldFor, fieldsApplying } from './builder/puck-config.tsx';

type PuckField = { type: string; label?: string; objectFields?: Record<string, PuckField>; arrayFields?: Record<string, PuckField>; options?: { label: string; value: unknown }[] };

/** Every field of a block type with its path, nested ones too. */
function walk(fields: PropField[], path: string[] = []): { f: PropField; path: string[] }[] {
  return fields.flatMap((f) => {
    const here = [...path, f.key];
    const items = f.items === 'category' ? [] : (f.items ?? []);
    return [{ f, path: here }, ...walk(f.fields ?? [], here), ...walk(items, here)];
  });
}

function walkPuck(fields: Record<string, PuckField>, path: string[] = []): { field: PuckField; path: string[] }[] {
  return Object.entries(fields).flatMap(([key, field]) => [{ field, path: [...path, key] }, ...walkPuck(field.objectFields ?? {}, [...path, key]), ...walkPuck(field.arrayFields ?? {}, [...path, key])]);
}

describe('block settings as fields', () => {
  it('names every setting of every block type, and every choice, in plain words', () => {
    const unnamed: string[] = [];
    for (const type of BLOCK_TYPES) {
      for (const { f, path } of walk(propFields(type))) {
        if (!propLabelOrNone(type, path)) unnamed.push(`${type}.${path.join('.')}`);
        for (const o of f.options ?? []) if (!optionLabelOrNone(o)) unnamed.push(`${type}.${path.join('.')} = ${o}`);
        if (f.items === 'category' && !propLabelOrNone(type, [...path, 'path'])) unnamed.push(`${type}.${path.join('.')}.path`);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('gives the builder no JSON text area: only rich text is a text area, and every field has its plain label', () => {
    const problems: string[] = [];
    for (const type of BUILDER_TYPES) {
      for (const { field, path } of walkPuck(fieldFor(type) as Record<string, PuckField>)) {
        const where = `${type}.${path.join('.')}`;
        if (field.type === 'textarea' && path.join('.') !== 'html') problems.push(`${where} is a text area`);
        if (!field.label || /json/i.test(field.label) || field.label === path[path.length - 1]) problems.push(`${where} is labelled "${field.label}"`);
        for (const o of field.options ?? []) if (o.label === String(o.value) && typeof o.value === 'string' && !/:/.test(o.value)) problems.push(`${where} offers "${o.label}" unnamed`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('uses pickers for links, categories, pictures, colours and forms, and shows numbers with their unit and range', () => {
    const grid = fieldFor('product-grid') as Record<string, PuckField>;
    expect(grid.category!.type).toBe('custom');
    expect(grid.more!.objectFields!.href!.type).toBe('custom');
    expect(grid.columns!.objectFields!.large).toMatchObject({ type: 'number', label: 'Columns on large screens (columns)', min: 1, max: 6, step: 1 });
    const section = fieldFor('section') as Record<string, PuckField>;
    expect(section.bgColor!.type).toBe('custom');
    expect(section.bgMediaId!.type).toBe('custom');
    expect((fieldFor('spacer') as Record<string, PuckField>).large!.label).toBe('Height on large screens (pixels)');
    expect((fieldFor('slider') as Record<string, PuckField>).autoplay).toMatchObject({ type: 'number', label: 'Next slide every (0 for never) (seconds)' });
    expect((fieldFor('contact-form') as Record<string, PuckField>).formId!.type).toBe('custom');
    expect((fieldFor('lightbox') as Record<string, PuckField>).images).toMatchObject({ type: 'custom', arrayFields: { mediaId: { type: 'custom' }, alt: { type: 'text' } } });
    expect((fieldFor('image') as Record<string, PuckField>).href!.type).toBe('custom');
    expect((fieldFor('row') as Record<string, PuckField>).align!.options).toContainEqual({ label: 'Same height', value: 'stretch' });
  });

  it('shows a setting that depends on another only while it applies', () => {
    const keys = (type: BlockType, props: Record<string, unknown>) => Object.keys(fieldsApplying(type, props));
    expect(keys('product-grid', { source: 'newest' })).not.toContain('category');
    expect(keys('product-grid', { source: 'category' })).toContain('category');
    expect(keys('lightbox', { kind: 'video' })).toEqual(expect.arrayContaining(['video']));
    expect(keys('lightbox', { kind: 'video' })).not.toContain('images');
    expect(keys('lightbox', { kind: 'gallery' })).toContain('images');
    expect(keys('lightbox', { kind: 'inline' })).toEqual(['anchor', 'kind', 'title', 'contentBlock', 'width']);
    expect(keys('section', {})).not.toContain('parallax');
    expect(keys('section', { bgMediaId: 4, parallax: 0 })).not.toContain('mobileParallax');
    expect(keys('section', { bgMediaId: 4, parallax: 3 })).toContain('mobileParallax');
    const category = propFields('product-grid').find((f) => f.key === 'category')!;
    expect(applies(category, { source: 'category' })).toBe(true);
  });
});

describe('the backend editor’s form', () => {
  const post = (entries: [string, string][]) => {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v);
    return form;
  };
  const valid = (type: BlockType, props: Record<string, unknown>) => {
    const parsed = parsePageBlocks([{ id: 'b', type, props }]);
    if (!parsed.ok) throw new Error(`${parsed.path}: ${parsed.message}`);
    return parsed.blocks[0]!.props as Record<string, unknown>;
  };

  it('reads groups, lists (reordered, one removed, one added) and seconds back into props', () => {
    const hero = propsFromForm(
      'hero',
      post([
        ['p.title', 'Hello'],
        ['p.cta.label', 'Shop'],
        ['p.cta.href', '/shop'],
        ['p.secondary.label', ''],
        ['p.secondary.href', ''],
        ['p.imageCategory', 'clothing'],
        ['p.image.mediaId', ''],
        ['p.image.alt', ''],
      ]),
    );
    expect(valid('hero', hero)).toMatchObject({ title: 'Hello', cta: { label: 'Shop', href: '/shop' }, imageCategory: 'clothing' });
    expect(valid('hero', hero).secondary).toBeUndefined();
    expect(valid('hero', hero).image).toBeUndefined();

    const benefits = propsFromForm(
      'benefits',
      post([
        ['p.items.0.icon', 'truck'],
        ['p.items.0.title', 'First'],
        ['p.items.0._at', '2'],
        ['p.items.1.icon', 'lock'],
        ['p.items.1.title', 'Second'],
        ['p.items.1._at', '1'],
        ['p.items.2.icon', 'chat'],
        ['p.items.2.title', 'Gone'],
        ['p.items.2._at', '3'],
        ['p.items.2._remove', 'on'],
        ['p.items.3.icon', 'return'],
        ['p.items.3.title', 'Added'],
      ]),
    );
    expect((valid('benefits', benefits).items as { title: string }[]).map((i) => i.title)).toEqual(['Second', 'First', 'Added']);

    const tiles = propsFromForm('category-tiles', post([['p.paths.0', 'clothing'], ['p.paths.1', ''], ['p.paths.2', 'home']]));
    expect(valid('category-tiles', tiles).paths).toEqual(['clothing', 'home']);

    const slider = propsFromForm('slider', post([['p.label', 'News'], ['p.autoplay', '2.5'], ['p.arrows', 'on']]));
    expect(valid('slider', slider)).toMatchObject({ autoplay: 2500, arrows: true, dots: false });
    expect(valid('slider', propsFromForm('slider', post([['p.label', 'News'], ['p.autoplay', '0']]))).autoplay).toBe(false);

    const section = propsFromForm('section', post([['p.bgColor', '#336699'], ['p.padding', 'large']]));
    expect(valid('section', section)).toMatchObject({ bgColor: '#336699', padding: 'large' });
    expect(valid('section', propsFromForm('section', post([['p.bgColor', '#336699'], ['p.bgColor.none', 'on']]))).bgColor).toBeUndefined();
  });

  it('leaves bad input for the save to refuse, with its path', () => {
    const grid = propsFromForm('product-grid', post([['p.source', 'category'], ['p.category', '']]));
    const parsed = parsePageBlocks([{ id: 'g', type: 'product-grid', props: grid }]);
    expect(parsed.ok ? null : parsed.path).toBe('blocks.0.props.category');
  });
});
