import { atom } from 'jotai';

/** Said once a sample with comments of the user's own was left: those were not kept. */
export interface SampleLeftNotice {
  title: string;
  count: number;
}

/** The last such notice, until it is dismissed or another sample is opened. */
export const sampleLeftNoticeAtom = atom<SampleLeftNotice | null>(null);
