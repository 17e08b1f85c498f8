import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { isDesktop } from '../bridge/api.ts';
import { onEvent } from '../bridge/events.ts';
import { useMenuCommand } from '../hooks/use-menu-command.ts';
import { PACKAGE_ACCEPT, useOpenPackages, useShowOpened } from '../hooks/use-package-open.ts';
import { addPackageNoticeAtom, packageProgressAtom } from '../state/package-atoms.ts';
import { PackageNoticesDialog } from './package-notices-dialog.tsx';

/**
 * Review packages over whichever screen is showing: File › Open… (the file chooser),
 * packages the operating system handed to the desktop app (`package:opened`,
 * `package:failed`), the progress of an opening, and the dialog saying how it went.
 */
export function PackageHost() {
  const inputRef = useRef<HTMLInputElement>(null);
  const showOpened = useShowOpened();
  const addNotice = useSetAtom(addPackageNoticeAtom);
  const progress = useAtomValue(packageProgressAtom);
  const [location] = useLocation();

  useMenuCommand('open-package', () => inputRef.current?.click());
  // In a design the workspace exports it; anywhere else there is nothing to export.
  useMenuCommand('export-package', () => {
    if (location.startsWith('/designs/')) return;
    addNotice({
      kind: 'info',
      message: 'Open one of your designs first, then export it as a review package.',
    });
  });

  // Only the desktop app is handed files by the operating system; browser mode opens
  // no event stream for it.
  useEffect(() => {
    if (!isDesktop) return;
    const stopOpened = onEvent('package:opened', ({ fileName, ...result }) =>
      showOpened(fileName, result),
    );
    const stopFailed = onEvent('package:failed', ({ fileName, message }) =>
      addNotice({ kind: 'failed', fileName, message }),
    );
    return () => {
      stopOpened();
      stopFailed();
    };
  }, [showOpened, addNotice]);

  return (
    <>
      <PackageFileInput inputRef={inputRef} label="Review packages to open" />
      {progress && (
        <output className="package-progress" data-testid="package-progress">
          Opening {progress.fileName}
          {progress.total > 0 && `: ${progress.done} of ${progress.total} steps done`}
          {progress.detail && ` (${progress.detail})`}…
        </output>
      )}
      <PackageNoticesDialog />
    </>
  );
}

/** The hidden file chooser for `.critpkg` files; the files chosen are opened at once. */
function PackageFileInput({
  inputRef,
  label,
  testId,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  testId?: string;
}) {
  const openPackages = useOpenPackages();
  return (
    <input
      ref={inputRef}
      type="file"
      hidden
      multiple
      accept={PACKAGE_ACCEPT}
      aria-label={label}
      data-testid={testId}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        void openPackages(files);
      }}
    />
  );
}

/** "Open review package…": the file chooser for `.critpkg` files, as a button. */
export function OpenPackageButton() {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="button" onClick={() => inputRef.current?.click()}>
        Open review package…
      </button>
      <PackageFileInput
        inputRef={inputRef}
        label="Review package to open"
        testId="open-package-input"
      />
    </>
  );
}
