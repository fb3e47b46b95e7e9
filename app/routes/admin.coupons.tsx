/** Placeholder: this page is being built. */
export default function Placeholder() {
  return <p>Coming soon.</p>;
}
