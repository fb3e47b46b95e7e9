import type { Route } from './+types/product-tag';
import { loadListingPage } from '../features/catalog/listing-page.server.ts';
import { ListingPage, listingMeta } from '../features/catalog/components/listing-page.tsx';
import '../features/catalog/catalog.css';

export const loader = ({ context, request, params }: Route.LoaderArgs) => loadListingPage(context, request, 'tag', params.slug);
export const meta = ({ data }: Route.MetaArgs) => listingMeta(data);
export default function ProductTag({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
