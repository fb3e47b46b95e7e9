/** Largest downloadable product file accepted in one upload (the editor says so beside the field). */
export const DOWNLOAD_FILE_BYTES = 60 * 1024 * 1024;
