import * as pl from '../../i18n/pl.ts';

/** The id of the page's <main>, which the skip link moves focus to (it carries tabIndex={-1} for that). */
export const MAIN_CONTENT_ID = 'tresc';

/**
 * 'Przejdź do treści' (WCAG 2.4.1): the first Tab stop, seen only while it has focus (base.css). Focus
 * is moved by hand rather than by following the #fragment, which would add it to the address (and the
 * tables keep their state there) and, in some browsers, scroll without moving the focus.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        // No scroll: the page's top would slide under the phone's fixed header; the next Tab scrolls as needed.
        main.focus({ preventScroll: true });
      }}
    >
      {pl.skipToContent}
    </a>
  );
}
