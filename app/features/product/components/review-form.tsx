import { Fragment, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useRouteLoaderData } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import type { ActionError } from '../../../lib/action.ts';
import { formToObject } from '../../../lib/validate.ts';
import { REVIEW_MAX_LENGTH } from '../reviews.constants.ts';
import type { PostedReview } from '../reviews.schema.ts';
import { readCsrfToken } from '../../../lib/csrf-token.ts';
import { sendOnce } from '../../../lib/send-once.ts';
import { perLanguage, plural, t } from '../../../i18n/t-product.ts';

interface Props {
  productId: number;
  productSlug: string;
  verifiedOnly: boolean;
  /** A refused plain-form post (no scripts): its errors and the values to refill. */
  result?: ActionError;
  onPosted: (answer: PostedReview) => void;
  /** No approved review yet: the heading invites the first one. */
  first: boolean;
}

type Failure = { message: string; fields: Record<string, string> };

const LABELS: Record<string, string> = perLanguage(() => ({ rating: t('reviews.field.rating'), content: t('reviews.field.content'), author: t('reviews.field.author'), email: t('reviews.field.email') }));
/** Where each error link takes the shopper: the field itself (the first star for the rating). */
const fieldId = (name: string) => (name === 'rating' ? 'review-rating-1' : `review-${name}`);

// The server's own schema (with zod) checks the input before it is sent. It is fetched when the
// shopper starts on the form, so it adds nothing to the product page's first JavaScript.
let schema: Promise<typeof import('../reviews.schema.ts')> | undefined;
const loadSchema = () => (schema ??= import('../reviews.schema.ts'));

async function send(productId: number, body: Record<string, unknown>): Promise<PostedReview> {
  let res: Response;
  try {
    // One key per submit: a review sent again after a lost answer is posted once.
    res = await sendOnce(`/api/products/${productId}/reviews`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': readCsrfToken() },
      body: JSON.stringify(body),
    });
  } catch {
    throw { message: t('reviews.sendFailed'), fields: {} } satisfies Failure;
  }
  const answer = await res.json().catch(() => null);
  if (res.ok) return answer as PostedReview;
  const error = (answer as ActionError | null)?.error;
  throw { message: error?.message ?? t('reviews.saveFailed', { status: res.status }), fields: error?.fields ?? {} } satisfies Failure;
}

/**
 * The review form. Without scripts it posts to /product/:slug/reviews; with them it checks the
 * input with the server's own schema, then posts to the API without a reload. Default export,
 * so a page may also load it with React.lazy.
 */
export default function ReviewForm({ productId, productSlug, verifiedOnly, result, onPosted, first }: Props) {
  const root = useRouteLoaderData('root') as { user: { name: string; email: string } | null } | undefined;
  const user = root?.user ?? null;
  const who = { signedIn: !!user, hasName: !!user?.name.trim() };
  const [failure, setFailure] = useState<Failure | null>(result ? { message: result.error.message, fields: result.error.fields ?? {} } : null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const values = result?.values ?? {};
  const mutation = useMutation({ mutationFn: (body: Record<string, unknown>) => send(productId, body) });

  const fail = (f: Failure) => {
    setFailure(f);
    // After React has shown the list: move focus to it so screen readers announce it.
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const input = formToObject(new FormData(form));
    let validateReview;
    try {
      ({ validateReview } = await loadSchema());
    } catch {
      // The check could not be loaded (offline, new deployment): the plain post still works.
      schema = undefined;
      return form.submit();
    }
    const checked = validateReview(input, who);
    if (!checked.ok) return fail({ message: t('reviews.correct'), fields: checked.fields });
    setFailure(null);
    mutation.mutate(checked.data, {
      onSuccess: (answer) => {
        form.reset();
        onPosted(answer);
      },
      onError: (err) => fail(err as unknown as Failure),
    });
  };

  const fields = failure?.fields ?? {};
  const listed = Object.entries(fields).filter(([k]) => k in LABELS);
  const error = (name: string) =>
    fields[name] ? (
      <p id={`review-${name}-error`} className="field-error">
        {fields[name]}
      </p>
    ) : null;
  const described = (name: string) => (fields[name] ? `review-${name}-error` : undefined);
  const text = (name: 'author' | 'email', type: string, autoComplete: string) => (
    <div className="form-row">
      <label htmlFor={`review-${name}`}>{LABELS[name]} *</label>
      <input
        id={`review-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        defaultValue={values[name]}
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={described(name)}
      />
      {error(name)}
    </div>
  );

  return (
    <form
      className="review-form"
      method="post"
      action={`/product/${productSlug}/reviews`}
      noValidate
      onSubmit={(e) => void submit(e)}
      onFocus={() => void loadSchema().catch(() => undefined)}
      aria-labelledby="review-form-title"
    >
      <h3 id="review-form-title">{first ? t('reviews.first') : t('reviews.add')}</h3>
      {verifiedOnly ? <p className="hint">{t('reviews.verifiedOnly')}</p> : null}
      <p className="hint">{t('reviews.required')}</p>
      {failure ? (
        <div className="notice notice--error" role="alert" tabIndex={-1} ref={summaryRef}>
          <p>{listed.length ? t('reviews.correct') : failure.message}</p>
          {listed.length ? (
            <ul>
              {listed.map(([k, msg]) => (
                <li key={k}>
                  <a href={`#${fieldId(k)}`}>
                    {LABELS[k]}: {msg}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <CsrfField />
      <fieldset className="rating-input" aria-describedby={described('rating')}>
        <legend>{t('reviews.yourRating')} *</legend>
        <div className="rating-input__stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <Fragment key={n}>
              <input type="radio" id={`review-rating-${n}`} name="rating" value={n} required defaultChecked={values.rating === String(n)} className="visually-hidden" />
              <label htmlFor={`review-rating-${n}`} title={plural('reviews.stars', n)}>
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{plural('reviews.stars', n)}</span>
              </label>
            </Fragment>
          ))}
        </div>
        {error('rating')}
      </fieldset>
      <div className="form-row">
        <label htmlFor="review-content">{LABELS.content} *</label>
        <textarea
          id="review-content"
          name="content"
          rows={6}
          required
          maxLength={REVIEW_MAX_LENGTH}
          defaultValue={values.content}
          aria-invalid={fields.content ? true : undefined}
          aria-describedby={described('content')}
        />
        {error('content')}
      </div>
      {!who.hasName ? text('author', 'text', 'name') : null}
      {!who.signedIn ? text('email', 'email', 'email') : <p className="hint">{t('reviews.as', { name: user?.name || user?.email || '' })}</p>}
      <button type="submit" className="button" disabled={mutation.isPending}>
        {mutation.isPending ? t('reviews.sending') : t('reviews.submit')}
      </button>
    </form>
  );
}
