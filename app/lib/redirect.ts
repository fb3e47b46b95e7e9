/** Only same-site paths are followed after a form, so a link cannot bounce a shopper elsewhere. */
export function safeRedirect(to: string | null | undefined, fallback: string): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  return to;
}
