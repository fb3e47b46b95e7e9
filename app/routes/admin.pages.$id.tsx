import { Fragment, useEffect, useRef, useState } from 'react';
import { Form, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { allowedChildren, BLOCK_TYPES, type Block, type BlockType } from '../features/pages/blocks.schema.ts';
import { PAGE_REVISIONS_SHOWN } from '../features/pages/constants.ts';
import { editedPageOr404, pageEditorRequest } from '../features/pages/editor-route.server.ts';
import { deletePage, getPage, listRevisions, publishPage, restoreRevision, saveDraft, unpublishPage } from '../features/pages/pages-admin.server.ts';
import { propFields } from '../features/pages/prop-fields.ts';
import { propsFromForm } from '../features/pages/prop-form.ts';
import { allCategories, allForms, linkSuggestions } from '../features/pages/link-targets.server.ts';
import { LinkSuggestions, PropInputs, type PropChoices } from '../features/pages/components/prop-inputs.tsx';
import { revalidateAfterRefusal } from '../features/pages/revalidate.ts';
import { addBlock, findBlock, moveBlock, newBlock, removeBlock, replaceProps } from '../features/pages/tree.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { t } from '../i18n/t-admin.ts';
import { RevisionLine } from '../features/pages/components/revision-line.tsx';
import { UploadForm } from '../features/pages/components/upload-form.tsx';
import '../features/pages/admin-pages.css';

/*
 * /admin/pages/:id — the backend editor: the page's blocks as an outline of forms (one per
 * block: its settings, move up/down, delete, add a block inside), for keyboard and screen
 * reader users and without scripts. Every form carries the page version it was made from;
 * a change made meanwhile elsewhere (the visual builder, another editor) answers 409, and
 * the editor then shows the page as it is now (revalidate.ts) beside the message.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.page.title ?? ''} · ${t('admin.nav.pages')} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { id } = pageEditorRequest(context, request, params.id);
  const { db } = context.services;
  const page = await editedPageOr404(db, id);
  const [revisions, media, categories, forms, links] = await Promise.all([
    listRevisions(db, id, PAGE_REVISIONS_SHOWN),
    db.selectFrom('media').select(['id', 'alt', 'title', 'path']).orderBy('id').limit(500).execute(),
    allCategories(db),
    allForms(db),
    linkSuggestions(db),
  ]);
  return { page, revisions, choices: { media, categories, forms, links } satisfies PropChoices };
}

export const shouldRevalidate = revalidateAfterRefusal;

const label = (b: { type: string; id: string }) => `${b.type.replaceAll('-', ' ')} “${b.id}”`;

export async function action({ context, request, params }: ActionFunctionArgs) {
  const { user, id } = pageEditorRequest(context, request, params.id);
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string' && !k.startsWith('p.')) values[k] = v;
  const { db } = context.services;
  const version = Number(values.version);
  return formAction(async () => {
    const page = await getPage(db, id);
    const save = (blocks: Block[], extra: Record<string, unknown> = {}) => saveDraft(db, id, { version, blocks, ...extra }, user.id);
    const target = values.block ? findBlock(page.blocks, values.block) : null;
    if (values.block && !target) throw new HttpError(404, 'not_found', 'That block is no longer on the page: reload it.');
    switch (values.intent) {
      case 'settings':
        await save(page.blocks, { title: values.title, slug: values.slug, seoTitle: values.seoTitle ?? '', seoDescription: values.seoDescription ?? '', noindex: values.noindex === 'on' });
        return { done: t('admin.pages.saved') };
      case 'add': {
        const type = values.type as BlockType;
        if (!(BLOCK_TYPES as string[]).includes(type)) throw new HttpError(400, 'invalid', 'Choose a block type.');
        const firstMedia = await db.selectFrom('media').select('id').orderBy('id').limit(1).executeTakeFirst();
        const block = newBlock(page.blocks, type, target?.block.type ?? null, firstMedia?.id ?? null);
        if (!block) throw new HttpError(400, 'invalid', `A ${type} block cannot go there.`);
        await save(addBlock(page.blocks, target?.block.id ?? null, block));
        return { done: t('admin.pages.saved'), focus: block.id };
      }
      case 'up':
      case 'down':
        await save(moveBlock(page.blocks, target!.block.id, values.intent === 'up' ? -1 : 1));
        return { done: t('admin.pages.saved'), focus: target!.block.id };
      case 'delete':
        await save(removeBlock(page.blocks, target!.block.id));
        return { done: t('admin.pages.saved') };
      case 'props':
        await save(replaceProps(page.blocks, target!.block.id, propsFromForm(target!.block.type, form)));
        return { done: t('admin.pages.saved'), focus: target!.block.id };
      case 'publish':
        await publishPage(db, id, { version }, user.id);
        return { done: t('admin.pages.publishedDone') };
      case 'unpublish':
        await unpublishPage(db, id, { version }, user.id);
        return { done: t('admin.pages.unpublishedDone') };
      case 'restore':
        await restoreRevision(db, id, Number(values.revision), { version }, user.id);
        return { done: t('admin.pages.restoredDone') };
      case 'delete-page':
        await deletePage(db, id, { version });
        return redirect('/admin/pages');
      default:
        throw new HttpError(400, 'invalid', 'Unknown request.');
    }
  }, values);
}

function Hidden({ version, intent, block }: { version: number; intent: string; block?: string }) {
  return (
    <>
      <CsrfField />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="intent" value={intent} />
      {block ? <input type="hidden" name="block" value={block} /> : null}
    </>
  );
}

function AddForm({ version, parent, blocks }: { version: number; parent: Block | null; blocks: Block[] }) {
  const types = allowedChildren(parent?.type ?? null);
  if (!types.length) return null;
  void blocks;
  const id = `add-${parent?.id ?? 'root'}`;
  return (
    <Form method="post" className="page-add">
      <Hidden version={version} intent="add" block={parent?.id} />
      <label htmlFor={id}>{parent ? t('admin.pages.addInside', { block: label(parent) }) : t('admin.pages.addAtEnd')}</label>
      <select id={id} name="type" defaultValue={types[0]}>
        {types.map((type) => (
          <option key={type} value={type}>
            {type.replaceAll('-', ' ')}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--small">
        {t('admin.pages.add')}
      </button>
    </Form>
  );
}

function Outline({ blocks, all, version, choices, level }: { blocks: Block[]; all: Block[]; version: number; choices: PropChoices; level: number }) {
  return (
    <ol className="page-outline">
      {blocks.map((b, i) => {
        const name = label(b);
        const Heading = `h${Math.min(level, 6)}` as 'h3';
        return (
          <li key={b.id} id={`block-${b.id}`} className="page-outline__item" tabIndex={-1}>
            <div className="page-outline__head">
              <Heading id={`head-${b.id}`} className="page-outline__title">
                {name}
              </Heading>
              <Form method="post" className="page-outline__tool">
                <Hidden version={version} intent="up" block={b.id} />
                <button type="submit" className="button button--small button--ghost" disabled={i === 0} aria-label={t('admin.pages.moveUp', { block: name })}>
                  ↑
                </button>
              </Form>
              <Form method="post" className="page-outline__tool">
                <Hidden version={version} intent="down" block={b.id} />
                <button type="submit" className="button button--small button--ghost" disabled={i === blocks.length - 1} aria-label={t('admin.pages.moveDown', { block: name })}>
                  ↓
                </button>
              </Form>
              <Form method="post" className="page-outline__tool">
                <Hidden version={version} intent="delete" block={b.id} />
                <button type="submit" className="button button--small button--ghost" aria-label={t('admin.pages.remove', { block: name })}>
                  ×
                </button>
              </Form>
            </div>
            <details className="page-outline__settings">
              <summary>{t('admin.pages.editSettings', { block: name })}</summary>
              <Form method="post" className="page-props">
                <Hidden version={version} intent="props" block={b.id} />
                <PropInputs type={b.type} block={b.id} fields={propFields(b.type)} props={b.props as Record<string, unknown>} choices={choices} />
                <button type="submit" className="button button--small">
                  {t('admin.pages.saveBlock', { block: name })}
                </button>
              </Form>
            </details>
            {allowedChildren(b.type).length ? (
              <div className="page-outline__children">
                {b.children?.length ? <Outline blocks={b.children} all={all} version={version} choices={choices} level={level + 1} /> : null}
                <AddForm version={version} parent={b} blocks={all} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

export default function AdminPageEditor() {
  const { page, revisions, choices } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string; focus?: string }>();
  const path = page.slug === 'home' ? '/' : `/${page.slug}`;
  const stale = isActionError(result) && result.error.code === 'stale_version';
  // After a refusal for a stale version the forms are drawn anew from the page as it is now
  // (their fields would otherwise keep what was typed over the other editor's change) once
  // it has come (the refusal is shown before the page is reloaded); the button that had
  // focus goes with them, so focus goes to the message.
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (stale) setDrawn(page.version);
  }, [stale, page.version]);
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (stale) alert.current?.focus();
  }, [result, stale]);
  return (
    <div className="page-editor">
      <h1>{page.title}</h1>
      <p className="page-editor__status">
        {page.status === 'draft' ? t('admin.pages.draft') : page.changed ? t('admin.pages.changed') : t('admin.pages.published')} · v{page.version} ·{' '}
        <a href={path}>{t('admin.pages.view')}</a> · <a href={`${path}?preview`}>{t('admin.pages.preview')}</a> ·{' '}
        <a href={`/admin/pages/${page.id}/builder`}>{t('admin.pages.builder')}</a>
      </p>
      <div aria-live="polite">
        {isActionError(result) ? (
          <p className="notice notice--error" role="alert" tabIndex={-1} ref={alert}>
            {stale ? t('admin.pages.stale') : t('admin.pages.blocksError', { message: result.error.message })}
          </p>
        ) : result ? (
          <p className="notice" role="status">
            {result.done}
          </p>
        ) : null}
      </div>
      <Fragment key={drawn}>
        <div className="page-editor__actions">
          <Form method="post">
            <Hidden version={page.version} intent="publish" />
            <button type="submit" className="button">
              {t('admin.pages.publish')}
            </button>
          </Form>
          {page.status === 'published' ? (
            <Form method="post">
              <Hidden version={page.version} intent="unpublish" />
              <button type="submit" className="button button--ghost">
                {t('admin.pages.unpublish')}
              </button>
            </Form>
          ) : null}
        </div>

        <section aria-labelledby="outline-title">
          <h2 id="outline-title">{t('admin.pages.outline')}</h2>
          <p>{t('admin.pages.outlineHint')}</p>
          {page.blocks.length ? <Outline blocks={page.blocks} all={page.blocks} version={page.version} choices={choices} level={3} /> : <p>{t('admin.pages.empty')}</p>}
          <AddForm version={page.version} parent={null} blocks={page.blocks} />
          <LinkSuggestions links={choices.links} />
        </section>

        <details className="page-editor__panel">
          <summary>{t('admin.pages.settings')}</summary>
          <Form method="post" className="admin-form">
            <Hidden version={page.version} intent="settings" />
            <p>
              <label htmlFor="ps-title">{t('admin.pages.title')}</label>
              <input id="ps-title" name="title" defaultValue={page.title} required maxLength={200} />
            </p>
            <p>
              <label htmlFor="ps-slug">{t('admin.pages.slug')}</label>
              <input id="ps-slug" name="slug" defaultValue={page.slug} required maxLength={100} aria-describedby="ps-slug-hint" />
              <small id="ps-slug-hint">{t('admin.pages.slugHint')}</small>
            </p>
            <p>
              <label htmlFor="ps-seo-title">{t('admin.pages.seoTitle')}</label>
              <input id="ps-seo-title" name="seoTitle" defaultValue={page.seoTitle} maxLength={200} />
            </p>
            <p>
              <label htmlFor="ps-seo-description">{t('admin.pages.seoDescription')}</label>
              <textarea id="ps-seo-description" name="seoDescription" defaultValue={page.seoDescription} maxLength={320} rows={3} />
            </p>
            <p className="page-field--check">
              <input type="checkbox" id="ps-noindex" name="noindex" defaultChecked={page.noindex} />
              <label htmlFor="ps-noindex">{t('admin.pages.noindex')}</label>
            </p>
            <button type="submit" className="button">
              {t('admin.pages.saveSettings')}
            </button>
          </Form>
        </details>

        <details className="page-editor__panel" id="media">
          <summary>{t('admin.pages.media')}</summary>
          <UploadForm back={`/admin/pages/${page.id}`} />
          <p>
            <a href="/admin/pages/media">{t('admin.pages.media')}</a>
          </p>
        </details>

        <details className="page-editor__panel">
          <summary>{t('admin.pages.revisions')}</summary>
          <ol className="page-revisions">
            {revisions.map((r) => (
              <li key={r.id}>
                <RevisionLine revision={r} />
                <Form method="post" className="page-outline__tool">
                  <Hidden version={page.version} intent="restore" />
                  <input type="hidden" name="revision" value={r.id} />
                  <button type="submit" className="button button--small button--ghost">
                    {t('admin.pages.restore', { n: r.version })}
                  </button>
                </Form>
              </li>
            ))}
          </ol>
        </details>

        <Form method="post" className="page-editor__delete">
          <Hidden version={page.version} intent="delete-page" />
          <button type="submit" className="button button--ghost">
            {t('admin.pages.delete')}
          </button>
        </Form>
      </Fragment>
    </div>
  );
}
