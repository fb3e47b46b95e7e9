import path from 'node:path';

/** Folder under the data directory holding uploaded and generated images, served at /media/. */
export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');
