import { useSetAtom, useStore } from 'jotai';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { Page } from '../../../shared/domain.ts';
import type { ProgressStep } from '../../../shared/events.ts';
import { api } from '../bridge/api.ts';
import type { PageToolActions } from '../components/page-tools.tsx';
import { setDesignPagesAtom } from '../state/design-atoms.ts';
import { pagesAtom, selectedPageIdAtom } from '../state/review-atoms.ts';
import type { Attempt, Run } from './use-action-status.ts';
import { pageNameFromFile, readImageFile } from './use-image-import.ts';

/**
 * What can be done to a design's pages: import one file, rename, move, replace the
 * image, delete (through `confirmDelete` first).
 */
export function usePageActions(
  designId: string,
  runners: (kind: 'rename' | 'move' | 'replace' | 'delete-page') => { run: Run; attempt: Attempt },
  confirmDelete: (page: Page) => void,
) {
  const selectPage = useSetAtom(selectedPageIdAtom);
  const setPages = useSetAtom(setDesignPagesAtom);
  // Imports run one after another across renders: they read the list as it is now.
  const store = useStore();

  const importOne = useCallback(
    async (file: File, task?: ProgressStep) => {
      const added = await api.pages.add({
        designId,
        name: pageNameFromFile(file.name),
        bytes: await readImageFile(file),
        task,
      });
      setPages([...store.get(pagesAtom), added]);
      if (!store.get(selectedPageIdAtom)) selectPage(added.id);
    },
    [designId, store, setPages, selectPage],
  );

  const replaceInList = (page: Page) =>
    setPages(store.get(pagesAtom).map((p) => (p.id === page.id ? page : p)));

  const current: PageToolActions = {
    rename: async (p, name) => {
      const renamed = await runners('rename').run(() => api.pages.rename(p.id, name));
      if (renamed) replaceInList(renamed);
      return renamed !== undefined;
    },
    move: (p, toIndex) =>
      void runners('move').run(async () => setPages(await api.pages.move(p.id, toIndex))),
    replace: (p, file) =>
      void runners('replace').run(async () =>
        replaceInList(await api.pages.replaceImage(p.id, await readImageFile(file))),
      ),
    remove: confirmDelete,
  };
  // The page tools get one object for good, which calls whatever the latest render made:
  // the tools of a long list of pages then skip rendering when another page is selected.
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });
  const actions = useMemo<PageToolActions>(
    () => ({
      rename: (p, name) => latest.current.rename(p, name),
      move: (p, toIndex) => latest.current.move(p, toIndex),
      replace: (p, file) => latest.current.replace(p, file),
      remove: (p) => latest.current.remove(p),
    }),
    [],
  );

  /** Deletes a page after the user confirmed; the page beside it becomes selected. */
  const deleteConfirmed = async (page: Page) => {
    if (!(await runners('delete-page').attempt(() => api.pages.remove(page.id)))) return false;
    const pages = store.get(pagesAtom);
    const index = pages.findIndex((p) => p.id === page.id);
    const rest = pages.filter((p) => p.id !== page.id);
    setPages(rest);
    if (store.get(selectedPageIdAtom) === page.id)
      selectPage(rest[Math.min(index, rest.length - 1)]?.id ?? null);
    return true;
  };

  return { actions, importOne, deleteConfirmed };
}
