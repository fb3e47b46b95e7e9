import type { Route } from './+types/product-category';
import { loadListingPage } from '../features/catalog/listing-page.server.ts';
import { ListingPage, listingMeta } from '../features/catalog/components/listing-page.tsx';
import '../features/catalog/catalog.css';

export const loader = ({ context, request, params }: Route.LoaderArgs) => loadListingPage(context, request, 'category', params['*']);
export const meta = ({ data }: Route.MetaArgs) => listingMeta(data);
export default function ProductCategory({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
