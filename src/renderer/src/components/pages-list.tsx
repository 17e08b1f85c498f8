import { useAtom, useAtomValue } from 'jotai';
import { pagesAtom, selectedPageIdAtom } from '../state/review-atoms.ts';

/** PAGES: one button per page; the selected one is marked and highlighted. */
export function PagesList() {
  const pages = useAtomValue(pagesAtom);
  const [selectedId, select] = useAtom(selectedPageIdAtom);
  return (
    <nav className="side-section" aria-labelledby="pages-heading">
      <h2 id="pages-heading" className="side-section__title">
        Pages
      </h2>
      <ul className="page-list">
        {pages.map((page) => (
          <li key={page.id}>
            <button
              type="button"
              className="page-list__item"
              aria-current={page.id === selectedId ? 'page' : undefined}
              onClick={() => select(page.id)}
            >
              {page.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
