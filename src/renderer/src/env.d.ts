/// <reference types="vite/client" />

import 'react';

declare module 'react' {
  interface HTMLAttributes<T> {
    /** Names the element for the Element Timing API, which the benchmark reads. */
    elementtiming?: string;
  }
}
