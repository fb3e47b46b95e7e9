import { useId, type CSSProperties } from 'react';
import { t } from '../../../i18n/t.ts';
import { ATTRIBUTE_PREFIX, type FormAttribute } from '../variations.ts';

export interface AttributeControlProps {
  attribute: FormAttribute;
  /** The chosen option, "" for none. */
  value: string;
  /** Options no variation offers given the other choices. */
  disabled: ReadonlySet<string>;
  /** Reselect-clear mode: clicking the chosen swatch clears it. */
  reselectClears: boolean;
  onChange(value: string): void;
}

/**
 * One attribute of the variation form: a select, or a group of swatches (colour, label or
 * image). Swatches are real radio inputs in a fieldset named by a legend, so they work with
 * the keyboard and screen readers, and post `attribute_<slug>` without scripts like the select.
 * A hover/focus label shows each swatch's value name.
 */
export function AttributeControl(props: AttributeControlProps) {
  return props.attribute.display === 'select' ? <AttributeSelect {...props} /> : <SwatchGroup {...props} />;
}

function AttributeSelect({ attribute, value, disabled, onChange }: AttributeControlProps) {
  const id = useId();
  return (
    <div className="variation-attribute variation-attribute--select">
      <label htmlFor={id} className="variation-attribute__label">
        {attribute.name}
      </label>
      <select id={id} name={`${ATTRIBUTE_PREFIX}${attribute.slug}`} value={value} onChange={(e) => onChange(e.target.value)} data-attribute={attribute.slug}>
        <option value="">{t('product.chooseOption')}</option>
        {attribute.options.map((o) => (
          <option key={o} value={o} disabled={disabled.has(o) && o !== value}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

function SwatchGroup({ attribute, value, disabled, reselectClears, onChange }: AttributeControlProps) {
  const { display, slug } = attribute;
  return (
    <fieldset className={`variation-attribute swatches swatches--${display}`} data-attribute={slug}>
      <legend className="variation-attribute__label">
        {attribute.name}
        {value ? <span className="swatches__chosen">: {value}</span> : null}
      </legend>
      <div className="swatches__list">
        {attribute.options.map((option) => {
          const selected = option === value;
          // The chosen value stays enabled, so it can always be cleared or changed.
          const off = disabled.has(option) && !selected;
          const face = attribute.swatches[option] ?? '';
          return (
            <label key={option} className={`swatch${selected ? ' is-selected' : ''}${off ? ' is-disabled' : ''}`}>
              <input
                type="radio"
                className="swatch__input"
                name={`${ATTRIBUTE_PREFIX}${slug}`}
                value={option}
                checked={selected}
                disabled={off}
                onChange={() => onChange(option)}
                // A click on the checked radio fires no change event: that click is the "reselect".
                onClick={() => {
                  if (selected && reselectClears) onChange('');
                }}
              />
              <SwatchFace display={display} option={option} face={face} />
              <span className="swatch__tip" aria-hidden="true">
                {option}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function SwatchFace({ display, option, face }: { display: FormAttribute['display']; option: string; face: string }) {
  if (display === 'color' && face) {
    return (
      <span className="swatch__face swatch__face--color" style={{ '--swatch-color': face } as CSSProperties}>
        <span className="visually-hidden">{option}</span>
      </span>
    );
  }
  if (display === 'image' && face) {
    return (
      <span className="swatch__face swatch__face--image">
        <img src={face} alt="" width={48} height={48} loading="lazy" />
        <span className="visually-hidden">{option}</span>
      </span>
    );
  }
  return <span className="swatch__face swatch__face--label">{display === 'label' && face ? face : option}</span>;
}
