/** What uses a picture of the media library. */
export type UsageKind = 'product' | 'variation' | 'category' | 'page' | 'attribute';

export interface MediaUse {
  kind: UsageKind;
  /** What uses it, as the owner knows it ("Blue hoodie", "Hoodies", "About us"). */
  name: string;
  /** Its admin page. */
  href: string;
}

/** A picture of the library as its page and its JSON answer it. */
export interface LibraryItem {
  id: number;
  path: string;
  widths: string;
  alt: string;
  width: number;
  height: number;
  /** The file name as uploaded, without its random part ("blue-hoodie"). */
  name: string;
  createdAt: string;
  usedBy: MediaUse[];
}

export interface LibraryPage {
  items: LibraryItem[];
  q: string;
  page: number;
  pages: number;
  total: number;
}
