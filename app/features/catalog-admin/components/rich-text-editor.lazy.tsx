import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { t } from '../../../i18n/t-admin.ts';

/*
 * The rich text editor of product descriptions (Tiptap): headings, bold, italic, lists,
 * quotes and links, as HTML. Loaded lazily by RichTextField on the product editor only.
 */

const TOOLS = [
  { label: 'products.richText.bold', run: 'toggleBold', active: 'bold' },
  { label: 'products.richText.italic', run: 'toggleItalic', active: 'italic' },
  { label: 'products.richText.heading', run: 'toggleHeading', args: { level: 2 }, active: 'heading' },
  { label: 'products.richText.bulletList', run: 'toggleBulletList', active: 'bulletList' },
  { label: 'products.richText.orderedList', run: 'toggleOrderedList', active: 'orderedList' },
  { label: 'products.richText.blockquote', run: 'toggleBlockquote', active: 'blockquote' },
] as const;

export default function RichTextEditor({ labelId, initial, small, invalid, describedBy, onChange }: { labelId: string; initial: string; small?: boolean; invalid?: boolean; describedBy?: string; onChange: (html: string) => void }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } })],
    content: initial,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: `rich-text__content${small ? ' rich-text__content--small' : ''}`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(TOOLS.map((tool) => [tool.active, e?.isActive(tool.active) ?? false])),
  });
  if (!editor) return null;
  return (
    <div className="rich-text">
      <div className="rich-text__tools" role="toolbar" aria-labelledby={labelId}>
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="button button--ghost button--small"
            aria-pressed={active?.[tool.active] ?? false}
            onClick={() => {
              const chain = editor.chain().focus() as unknown as Record<string, (a?: unknown) => { run: () => boolean }>;
              chain[tool.run]!('args' in tool ? tool.args : undefined).run();
            }}
          >
            {t(tool.label)}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
