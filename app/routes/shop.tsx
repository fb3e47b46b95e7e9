import type { Route } from './+types/shop';
import { loadListingPage } from '../features/catalog/listing-page.server.ts';
import { ListingPage, listingMeta } from '../features/catalog/components/listing-page.tsx';
import '../features/catalog/catalog.css';

export const loader = ({ context, request }: Route.LoaderArgs) => loadListingPage(context, request, 'shop');
export const meta = ({ data }: Route.MetaArgs) => listingMeta(data);
export default function Shop({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
