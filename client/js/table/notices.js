// Table news on the felt, shown for a while (the classic game's swap of the 7) at the top of
// the felt's middle, clear of the seats' names, and gone when the next hand is dealt; and
// the live region that tells screen readers what happened (who took the trick).

import { fill } from "../dom.js";

const NOTICE_MS = 8000; // a piece of news stays this long

/** Fills `news` (in view; the felt lays it out as one of its parts, `host`) and `live`
 * (for screen readers only). */
export function mountNotices({ news, live }) {
  let timer = null;
  return {
    host: news,
    /** Shows `el` over the felt for NOTICE_MS, in place of any earlier news. */
    show(el) {
      fill(news, el);
      clearTimeout(timer);
      timer = setTimeout(() => fill(news), NOTICE_MS);
    },
    /** No news: a new hand is dealt. */
    clear() {
      clearTimeout(timer);
      fill(news);
    },
    say(text) {
      live.textContent = text;
    },
    destroy: () => clearTimeout(timer),
  };
}
