import { compileAll } from '../../scripts/compile-messages.ts';

/** Vitest's global set-up: the PO catalogues compiled, as `npm run build` does. */
export default async function setup(): Promise<void> {
  await compileAll();
}
