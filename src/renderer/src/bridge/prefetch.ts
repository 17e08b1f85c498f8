import type { DesignView } from '../../../shared/contract.ts';
import type { Comment } from '../../../shared/domain.ts';
import { api } from './api.ts';

/**
 * Opening a design from the address (a reload, a link, a second launch) need not wait for
 * the workspace's code to load and mount before it asks for the design: the boot starts
 * loading that code, and meanwhile asks for the design and then its first page's
 * comments, and the workspace takes these answers the first time it asks for the very
 * same things.
 * Each answer is handed out once and only for a short while, so any later opening, or
 * one after the user has had time to change something, asks afresh.
 */
const FRESH_FOR_MS = 10_000;

interface Early<T> {
  key: string;
  asked: number;
  answer: Promise<T>;
}

let design: Early<DesignView> | null = null;
let comments: Early<Comment[]> | null = null;

const DESIGN_ROUTE = /^#\/designs\/([^/?#]+)$/;

function early<T>(key: string, answer: Promise<T>): Early<T> {
  // Nobody may ever take it: its failure must not surface as an unhandled rejection.
  answer.catch(() => undefined);
  return { key, asked: performance.now(), answer };
}

/**
 * Starts loading the design the address names (`#/designs/<id>`), if it names one, and
 * the workspace's code with `loadCode`.
 */
export function prefetchFromAddress(hash: string, loadCode: () => Promise<unknown>): void {
  const match = DESIGN_ROUTE.exec(hash);
  if (!match) return;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return;
  }
  void loadCode().catch(() => undefined);
  design = early(id, api.designs.open(id));
  design.answer.then(
    (view) => {
      const first = view.pages[0]?.id;
      if (first && design?.key === id) comments = early(first, api.comments.list(first));
    },
    () => undefined,
  );
}

/** The early answer for `key`, once, while fresh; null otherwise (and it is dropped). */
function take<T>(slot: Early<T> | null, key: string): Promise<T> | null {
  if (!slot || slot.key !== key || performance.now() - slot.asked > FRESH_FOR_MS) return null;
  return slot.answer;
}

/** The design-opening calls, answered from the boot's early requests where they match. */
export const openingSource = {
  designs: {
    open(id: string): Promise<DesignView> {
      const answer = take(design, id);
      design = null;
      return answer ?? api.designs.open(id);
    },
  },
  comments: {
    list(pageId: string): Promise<Comment[]> {
      const answer = take(comments, pageId);
      comments = null;
      return answer ?? api.comments.list(pageId);
    },
  },
  samples: api.samples,
};
