/** Any path no other route claims: the shop's 404 page (rendered by the root error boundary). */
export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export default function NotFound() {
  return null;
}
