import path from 'node:path';

/** Folder under the data directory holding uploaded and generated images, served at /media/. */
export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');

/**
 * Folder under the data directory holding private files (downloadable products' files):
 * beside the media folder, never inside it, so no static route can reach them.
 */
export const privateRoot = (dataDir: string) => path.join(dataDir, 'private');
