// The store notice's cookie, on its own so that the root loader can read it without pulling
// the notice's component into every page's first script (it is an island, loaded later).

/** A short id for a notice text: dismissing one notice does not hide the next. */
export function noticeId(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

export const noticeCookie = (text: string) => `vt_store_notice_hidden_${noticeId(text)}`;
