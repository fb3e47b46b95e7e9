import { createContext, useContext } from 'react';
import type { PriceFormat } from '../../../lib/money.ts';
import type { PageData } from '../pages.server.ts';
import type { ContactFormProps } from '../../forms/components/form-state.ts';

/** What every block renderer may read besides its own block. */
export interface RenderContext {
  data: PageData;
  format: PriceFormat;
  /** The contact forms the page shows, by id (pages.server.ts pageForms). */
  forms: Record<number, ContactFormProps>;
  /** Set for users who may edit pages: each block carries its edit links (the edit tooltip). */
  editor: { pageId: number } | null;
  /** Inside a slider: pictures load at once instead of lazily. */
  eager?: boolean;
}

const Ctx = createContext<RenderContext | null>(null);
export const RenderProvider = Ctx.Provider;

export function useRender(): RenderContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('block renderers need a RenderProvider');
  return ctx;
}
