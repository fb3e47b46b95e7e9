import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { inTransaction } from '../catalog/catalog-write.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput, rowId } from '../../lib/validate.ts';
import { PAGE_REVISIONS_KEPT } from './constants.ts';
import { pageMetaSchema, parsePageBlocks, type Block } from './blocks.schema.ts';
import { readTree } from './pages.server.ts';
import { sanitizeBlocks } from './rich-text.server.ts';

/*
 * Editing pages (the admin API and screens; editors, shop managers and administrators).
 * Every write names the version it was made from and is refused (409) when the page has
 * moved on since; each one adds one to the version and writes a revision. The tree is
 * validated (400 naming the path of the first problem, nothing saved) and its rich text
 * sanitised before it is stored.
 */

export interface PageSummary {
  id: number;
  slug: string;
  title: string;
  status: 'draft' | 'published';
  version: number;
  updatedAt: string;
  publishedAt: string | null;
  /** The draft differs from what visitors see. */
  changed: boolean;
}

export interface EditedPage extends PageSummary {
  seoTitle: string;
  seoDescription: string;
  noindex: boolean;
  blocks: Block[];
  publishedBlocks: Block[] | null;
  updatedBy: number | null;
}

export interface RevisionSummary {
  id: number;
  version: number;
  kind: 'draft' | 'published' | 'restored';
  title: string;
  createdAt: string;
  createdBy: number | null;
  /** The name of the account that wrote it (null once that account is gone). */
  author: string | null;
  blockCount: number;
}

type PageRow = Awaited<ReturnType<typeof pageRow>>;
const pageRow = (db: DB, id: number) => db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();

function summary(r: NonNullable<PageRow>): PageSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    status: r.status,
    version: r.version,
    updatedAt: r.updated_at,
    publishedAt: r.published_at,
    changed: r.status === 'draft' || r.published_blocks !== r.blocks,
  };
}

function edited(r: NonNullable<PageRow>): EditedPage {
  return {
    ...summary(r),
    seoTitle: r.seo_title,
    seoDescription: r.seo_description,
    noindex: r.noindex === 1,
    blocks: readTree(r.blocks),
    publishedBlocks: r.published_blocks === null ? null : readTree(r.published_blocks),
    updatedBy: r.updated_by,
  };
}

const notFound = () => new HttpError(404, 'not_found', 'No such page.');
const stale = (current: number) =>
  new HttpError(409, 'stale_version', 'The page was changed by someone else since you opened it: reload it to see their changes.', undefined, undefined, { version: current });

/** A tree from a request: limits, types and props checked (400 with the path), rich text sanitised. */
export function validTree(input: unknown): Block[] {
  const parsed = parsePageBlocks(input);
  if (!parsed.ok) throw new HttpError(400, 'invalid_blocks', `${parsed.path}: ${parsed.message}`, parsed.fields, undefined, { path: parsed.path });
  return sanitizeBlocks(parsed.blocks);
}

export async function listPages(db: DB): Promise<PageSummary[]> {
  const rows = await db.selectFrom('pages').selectAll().orderBy('title').orderBy('id').execute();
  return rows.map(summary);
}

export async function getPage(db: DB, id: number): Promise<EditedPage> {
  const row = await pageRow(db, id);
  if (!row) throw notFound();
  return edited(row);
}

async function slugTaken(db: DB, slug: string, except?: number): Promise<boolean> {
  let q = db.selectFrom('pages').select('id').where('slug', '=', slug);
  if (except) q = q.where('id', '!=', except);
  return !!(await q.executeTakeFirst());
}
const slugError = (slug: string) => new HttpError(409, 'slug_taken', `slug: The address "/${slug}" is already used by another page.`, { slug: 'Already used by another page' });

async function addRevision(db: DB, pageId: number, version: number, kind: RevisionSummary['kind'], title: string, blocks: string, userId: number | null) {
  await db.insertInto('page_revisions').values({ page_id: pageId, version, kind, title, blocks, created_at: nowIso(), created_by: userId }).execute();
  const keep = await db.selectFrom('page_revisions').select('id').where('page_id', '=', pageId).orderBy('id', 'desc').offset(PAGE_REVISIONS_KEPT).limit(1).executeTakeFirst();
  if (keep) await db.deleteFrom('page_revisions').where('page_id', '=', pageId).where('id', '<=', keep.id).execute();
}

export const createPageSchema = pageMetaSchema.extend({ blocks: z.unknown().optional() });

/** A new draft page. */
export async function createPage(db: DB, input: unknown, userId: number | null): Promise<EditedPage> {
  const { blocks: rawBlocks, ...meta } = parseInput(createPageSchema, input);
  const blocks = JSON.stringify(rawBlocks === undefined ? [] : validTree(rawBlocks));
  return inTransaction(db, async (trx) => {
    if (await slugTaken(trx, meta.slug)) throw slugError(meta.slug);
    const now = nowIso();
    const { id } = await trx
      .insertInto('pages')
      .values({
        slug: meta.slug,
        title: meta.title,
        status: 'draft',
        blocks,
        published_blocks: null,
        seo_title: meta.seoTitle,
        seo_description: meta.seoDescription,
        noindex: meta.noindex ? 1 : 0,
        version: 1,
        created_at: now,
        updated_at: now,
        updated_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addRevision(trx, id, 1, 'draft', meta.title, blocks, userId);
    return edited((await pageRow(trx, id))!);
  });
}

export const versionSchema = z.object({ version: z.number().int().min(1).max(2_147_483_647) });
export const saveDraftSchema = versionSchema.extend({
  blocks: z.unknown(),
  slug: pageMetaSchema.shape.slug.optional(),
  title: pageMetaSchema.shape.title.optional(),
  seoTitle: pageMetaSchema.shape.seoTitle.unwrap().optional(),
  seoDescription: pageMetaSchema.shape.seoDescription.unwrap().optional(),
  noindex: z.boolean().optional(),
});

/**
 * Writes the row when it still has `version`: one more, else 409. The update names the
 * version itself, so of two saves made from the same version only one gets through.
 */
async function writeAt(db: DB, id: number, version: number, values: Record<string, unknown>, userId: number | null) {
  const current = await pageRow(db, id);
  if (!current) throw notFound();
  if (current.version !== version) throw stale(current.version);
  const res = await db
    .updateTable('pages')
    .set({ ...values, version: version + 1, updated_at: nowIso(), updated_by: userId })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw stale((await pageRow(db, id))?.version ?? version);
  return (await pageRow(db, id))!;
}

/** Saves the draft tree (and page fields): visitors still see the published tree. */
export async function saveDraft(db: DB, id: number, input: unknown, userId: number | null): Promise<EditedPage> {
  const body = parseInput(saveDraftSchema, input);
  const blocks = JSON.stringify(validTree(body.blocks));
  return inTransaction(db, async (trx) => {
    if (body.slug && (await slugTaken(trx, body.slug, id))) throw slugError(body.slug);
    const values: Record<string, unknown> = { blocks };
    if (body.slug !== undefined) values.slug = body.slug;
    if (body.title !== undefined) values.title = body.title;
    if (body.seoTitle !== undefined) values.seo_title = body.seoTitle;
    if (body.seoDescription !== undefined) values.seo_description = body.seoDescription;
    if (body.noindex !== undefined) values.noindex = body.noindex ? 1 : 0;
    const row = await writeAt(trx, id, body.version, values, userId);
    await addRevision(trx, id, row.version, 'draft', row.title, blocks, userId);
    return edited(row);
  });
}

/** Publishes the draft: visitors see it at the page's address from the next request. */
export async function publishPage(db: DB, id: number, input: unknown, userId: number | null): Promise<EditedPage> {
  const { version } = parseInput(versionSchema, input);
  return inTransaction(db, async (trx) => {
    const current = await pageRow(trx, id);
    if (!current) throw notFound();
    // A stored draft that no longer parses is never published as an empty page.
    const blocks = JSON.stringify(validTree(JSON.parse(current.blocks)));
    const row = await writeAt(trx, id, version, { status: 'published', published_blocks: blocks, blocks, published_at: nowIso() }, userId);
    await addRevision(trx, id, row.version, 'published', row.title, blocks, userId);
    return edited(row);
  });
}

/** Takes the page back to draft: visitors get 404 at its address. */
export async function unpublishPage(db: DB, id: number, input: unknown, userId: number | null): Promise<EditedPage> {
  const { version } = parseInput(versionSchema, input);
  return inTransaction(db, async (trx) => edited(await writeAt(trx, id, version, { status: 'draft' }, userId)));
}

/** A page's revisions with their authors' names, newest first. */
const revisionRows = (db: DB, pageId: number) =>
  db.selectFrom('page_revisions as r').leftJoin('users as u', 'u.id', 'r.created_by').selectAll('r').select('u.name as author').where('r.page_id', '=', pageId).orderBy('r.id', 'desc');

type RevisionRow = Awaited<ReturnType<ReturnType<typeof revisionRows>['execute']>>[number];

function revisionSummary(r: RevisionRow, blocks: Block[]): RevisionSummary {
  return { id: r.id, version: r.version, kind: r.kind, title: r.title, createdAt: r.created_at, createdBy: r.created_by, author: r.author, blockCount: countBlocks(blocks) };
}

/** The newest `limit` revisions (all that are kept without one). */
export async function listRevisions(db: DB, id: number, limit = PAGE_REVISIONS_KEPT): Promise<RevisionSummary[]> {
  if (!(await pageRow(db, id))) throw notFound();
  const rows = await revisionRows(db, id).limit(limit).execute();
  return rows.map((r) => revisionSummary(r, readTree(r.blocks)));
}

function countBlocks(blocks: readonly Block[]): number {
  return blocks.reduce((n, b) => n + 1 + countBlocks(b.children ?? []), 0);
}

/** One revision's tree (to look at before restoring). */
export async function getRevision(db: DB, id: number, revisionId: number): Promise<RevisionSummary & { blocks: Block[] }> {
  const r = await revisionRows(db, id).where('r.id', '=', revisionId).executeTakeFirst();
  if (!r) throw new HttpError(404, 'not_found', 'No such revision of this page.');
  const blocks = readTree(r.blocks);
  return { ...revisionSummary(r, blocks), blocks };
}

/** Makes an earlier revision's tree the draft again (publish to show it). */
export async function restoreRevision(db: DB, id: number, revisionId: number, input: unknown, userId: number | null): Promise<EditedPage> {
  const { version } = parseInput(versionSchema, input);
  parseInput(rowId, revisionId);
  return inTransaction(db, async (trx) => {
    const rev = await trx.selectFrom('page_revisions').select('blocks').where('page_id', '=', id).where('id', '=', revisionId).executeTakeFirst();
    if (!(await pageRow(trx, id))) throw notFound();
    if (!rev) throw new HttpError(404, 'not_found', 'No such revision of this page.');
    const blocks = JSON.stringify(readTree(rev.blocks));
    const row = await writeAt(trx, id, version, { blocks }, userId);
    await addRevision(trx, id, row.version, 'restored', row.title, blocks, userId);
    return edited(row);
  });
}

/** Deletes a page and its revisions. */
export async function deletePage(db: DB, id: number, input: unknown): Promise<void> {
  const { version } = parseInput(versionSchema, input);
  await inTransaction(db, async (trx) => {
    const current = await pageRow(trx, id);
    if (!current) throw notFound();
    if (current.version !== version) throw stale(current.version);
    await trx.deleteFrom('page_revisions').where('page_id', '=', id).execute();
    await trx.deleteFrom('pages').where('id', '=', id).execute();
  });
}

/** Creates and publishes a page in one go (the demo seed). */
export async function createPublishedPage(db: DB, input: z.input<typeof createPageSchema>, userId: number | null = null): Promise<EditedPage> {
  const page = await createPage(db, input, userId);
  return publishPage(db, page.id, { version: page.version }, userId);
}
