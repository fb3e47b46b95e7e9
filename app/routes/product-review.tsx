import { Link, redirect, useActionData } from 'react-router';
import type { Route } from './+types/product-review';
import { ReviewsSection } from '../features/product/components/reviews-section.tsx';
import { pageParam } from '../features/product/reviews.schema.ts';
import { loadReviews, postReview } from '../features/product/reviews.server.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import '../features/catalog/catalog.css';

/*
 * /product/:slug/reviews: where the review form posts without scripts. A saved review sends
 * the shopper back to the product page with a notice (?review=pending|approved); a refused
 * one renders here, the form refilled with its errors. GET shows the reviews on their own.
 */

async function productBySlug(context: Route.LoaderArgs['context'], slug: string) {
  const product = await context.services.db
    .selectFrom('products')
    .select(['id', 'name', 'slug'])
    .where('slug', '=', slug.slice(0, 200))
    .where('status', '=', 'publish')
    .executeTakeFirst();
  if (!product) throw new Response('Not Found', { status: 404 });
  return product;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const product = await productBySlug(context, params.slug);
  const page = pageParam(new URL(request.url).searchParams.get('cpage'));
  return { product, reviews: await loadReviews(context.services.db, product.id, page, { viewerId: context.user?.id ?? null }) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const product = await productBySlug(context, params.slug);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const posted = await postReview(context.services, { productId: product.id, user: context.user, clientIp: context.clientIp, input: values });
    return redirect(`/product/${product.slug}?review=${posted.status}#reviews`);
  }, values);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Reviews of ${data.product.name}` : 'Reviews' },
  // The product page shows the same reviews: this page is for form posts, not for search engines.
  { name: 'robots', content: 'noindex' },
];

export default function ProductReviews({ loaderData }: Route.ComponentProps) {
  const { product, reviews } = loaderData;
  const result = useActionData<ActionError>();
  return (
    <div className="container page">
      <h1>Reviews of {product.name}</h1>
      <p>
        <Link to={`/product/${product.slug}`}>Back to {product.name}</Link>
      </p>
      <ReviewsSection
        productId={product.id}
        productSlug={product.slug}
        summary={reviews.summary}
        initial={reviews.initial}
        open={reviews.open}
        verifiedOnly={reviews.verifiedOnly}
        formResult={result}
      />
    </div>
  );
}
