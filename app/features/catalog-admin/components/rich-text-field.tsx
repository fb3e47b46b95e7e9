import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n/t-admin.ts';

// The editor's code (Tiptap, on ProseMirror) is fetched only by pages that show this field, once they run scripts.
const RichTextEditor = lazy(() => import('./rich-text-editor.lazy.tsx'));

/**
 * A description field: a plain HTML textarea in the page (what a browser without scripts
 * posts), which becomes a rich text editor once scripts run. The editor writes its HTML back
 * into the textarea, so the form posts the same field either way; the server sanitises it
 * on save whatever sends it.
 */
export function RichTextField({ name, label, defaultValue, error, small, onEdit }: { name: string; label: string; defaultValue: string; error?: string; small?: boolean; onEdit?: () => void }) {
  const id = `field-${name}`;
  const area = useRef<HTMLTextAreaElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return (
    <div className="field">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <textarea
        ref={area}
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={small ? 4 : 10}
        hidden={enhanced ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {enhanced ? (
        <Suspense fallback={<p className="hint">{t('products.richText.loading')}</p>}>
          <RichTextEditor
            labelId={`${id}-label`}
            initial={defaultValue}
            small={small}
            invalid={!!error}
            describedBy={error ? `${id}-error` : undefined}
            onChange={(html) => {
              if (area.current) area.current.value = html;
              onEdit?.();
            }}
          />
        </Suspense>
      ) : null}
      {error ? (
        <span className="error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
