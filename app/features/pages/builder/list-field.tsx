import { AutoField, FieldLabel, type Field } from '@measured/puck';
import { t } from '../../../i18n/t-admin.ts';

/*
 * A list setting in the visual builder (pictures of a gallery, the promises of a benefits
 * row, the categories of a tiles block): each item its own group of fields, with buttons
 * to move it up or down and to remove it, and one to add an item — all named for screen
 * readers and used with the keyboard.
 */

type Item = Record<string, unknown>;

export function ListField({ id, label, value, onChange, itemFields, max, summary }: {
  id: string;
  label: string;
  value: Item[] | undefined;
  onChange: (value: Item[]) => void;
  itemFields: Record<string, Field>;
  max?: number;
  summary: (item: Item, i: number) => string;
}) {
  const items = Array.isArray(value) ? value : [];
  const set = (i: number, item: Item) => onChange(items.map((x, j) => (j === i ? item : x)));
  const move = (i: number, by: -1 | 1) => {
    const out = [...items];
    [out[i], out[i + by]] = [out[i + by]!, out[i]!];
    onChange(out);
  };
  return (
    <FieldLabel label={label} el="div">
      <div className="setting-list" id={id}>
        {items.map((item, i) => {
          const name = summary(item, i);
          return (
            <fieldset key={i} className="setting-list__item">
              <legend>{name}</legend>
              {Object.entries(itemFields).map(([key, field]) => {
                const auto = <AutoField key={key} id={`${id}-${i}-${key}`} field={field} value={item[key]} onChange={(v: unknown) => set(i, { ...item, [key]: v })} />;
                // Puck's own fields come without their label here; ours (custom) draw theirs.
                return field.type === 'custom' ? (
                  auto
                ) : (
                  <FieldLabel key={key} label={field.label ?? key} el="label">
                    {auto}
                  </FieldLabel>
                );
              })}
              <div className="setting-list__actions">
                <button type="button" className="setting-button" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('admin.builder.moveItemUp', { item: name })}>
                  ↑
                </button>
                <button type="button" className="setting-button" disabled={i === items.length - 1} onClick={() => move(i, 1)} aria-label={t('admin.builder.moveItemDown', { item: name })}>
                  ↓
                </button>
                <button type="button" className="setting-button" onClick={() => onChange(items.filter((_, j) => j !== i))}>
                  {t('admin.builder.removeItem', { n: i + 1 })}
                </button>
              </div>
            </fieldset>
          );
        })}
        {max === undefined || items.length < max ? (
          <button type="button" className="setting-button setting-button--add" onClick={() => onChange([...items, {}])}>
            {t('admin.builder.addTo', { label })}
          </button>
        ) : null}
      </div>
    </FieldLabel>
  );
}
