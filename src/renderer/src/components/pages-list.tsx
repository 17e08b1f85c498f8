import { useAtom, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import type { Page } from '../../../shared/domain.ts';
import { mediaUrl } from '../bridge/media-url.ts';
import { pagesAtom, selectedPageIdAtom } from '../state/review-atoms.ts';
import './side-section.css';
import './pages-list.css';

interface PagesListProps {
  /** Page tools (rename, move, replace, delete), where the pages are the user's own. */
  renderTools?: ((page: Page, index: number, count: number) => ReactNode) | undefined;
  /** Replaces a page's entry while it is being renamed. */
  renderEditor?: ((page: Page) => ReactNode | null) | undefined;
}

/** PAGES: one button per page; the selected one is marked and highlighted. */
export function PagesList({ renderTools, renderEditor }: PagesListProps = {}) {
  const pages = useAtomValue(pagesAtom);
  const [selectedId, select] = useAtom(selectedPageIdAtom);
  return (
    <nav className="side-section" aria-labelledby="pages-heading">
      <h2 id="pages-heading" className="side-section__title">
        Pages
      </h2>
      <ul className="page-list">
        {pages.map((page, index) => (
          <li key={page.id} className="page-list__row">
            {renderEditor?.(page) ?? (
              <button
                type="button"
                className="page-list__item"
                aria-current={page.id === selectedId ? 'page' : undefined}
                onClick={() => select(page.id)}
              >
                {page.thumb && (
                  <img className="page-list__thumb" src={mediaUrl(page.thumb)} alt="" />
                )}
                <span className="page-list__name">{page.name}</span>
              </button>
            )}
            {renderTools?.(page, index, pages.length)}
          </li>
        ))}
      </ul>
    </nav>
  );
}
