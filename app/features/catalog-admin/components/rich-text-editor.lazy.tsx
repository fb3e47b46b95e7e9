import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/*
 * The rich text editor of product descriptions (Tiptap): headings, bold, italic, lists,
 * quotes and links, as HTML. Loaded lazily by RichTextField on the product editor only.
 */

const TOOLS = [
  { label: 'Bold', run: 'toggleBold', active: 'bold' },
  { label: 'Italic', run: 'toggleItalic', active: 'italic' },
  { label: 'Heading', run: 'toggleHeading', args: { level: 2 }, active: 'heading' },
  { label: 'Bulleted list', run: 'toggleBulletList', active: 'bulletList' },
  { label: 'Numbered list', run: 'toggleOrderedList', active: 'orderedList' },
  { label: 'Quote', run: 'toggleBlockquote', active: 'blockquote' },
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
    selector: ({ editor: e }) => Object.fromEntries(TOOLS.map((t) => [t.active, e?.isActive(t.active) ?? false])),
  });
  if (!editor) return null;
  return (
    <div className="rich-text">
      <div className="rich-text__tools" role="toolbar" aria-labelledby={labelId}>
        {TOOLS.map((t) => (
          <button
            key={t.label}
            type="button"
            className="button button--ghost button--small"
            aria-pressed={active?.[t.active] ?? false}
            onClick={() => {
              const chain = editor.chain().focus() as unknown as Record<string, (a?: unknown) => { run: () => boolean }>;
              chain[t.run]!('args' in t ? t.args : undefined).run();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
