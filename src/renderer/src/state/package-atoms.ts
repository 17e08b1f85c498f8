import { atom } from 'jotai';
import type { PackageOpened } from '../../../shared/domain.ts';

/** What opening a review package came to, for the dialog that says so. */
export type PackageNotice =
  | { kind: 'opened'; fileName: string; result: PackageOpened }
  | { kind: 'failed'; fileName: string; message: string }
  | { kind: 'info'; message: string };

/** Outcomes of opening packages, oldest first, shown until the user closes them. */
export const packageNoticesAtom = atom<PackageNotice[]>([]);

/** Adds an outcome to those shown. */
export const addPackageNoticeAtom = atom(null, (_get, set, notice: PackageNotice) =>
  set(packageNoticesAtom, (list) => [...list, notice]),
);

/** A package being opened: how far main has got, as its progress events say. */
export interface PackageProgress {
  fileName: string;
  done: number;
  total: number;
  detail: string;
}

export const packageProgressAtom = atom<PackageProgress | null>(null);

/**
 * Bumped when a package changed a design: the open workspace loads that design again
 * (it is keyed by it), so what arrived is shown.
 */
export const designReloadAtom = atom(0);
