import type { ProgressStep } from '../shared/events.ts';
import type { EventHub } from './events.ts';

/** Reports one task's progress as `progress:update` events. */
export interface TaskProgress {
  /** `done` of the task's total are finished; `detail` says what is under way. */
  update(done: number, detail?: string): void;
  /** The task is over: its last event, with `finished` set. */
  finish(detail?: string): void;
}

/**
 * Progress of long work that runs inside one call (a package, a capture, a report):
 * the caller says how far it got, this turns it into events for the renderer.
 */
export function taskProgress(
  hub: EventHub,
  task: { taskId: string; label: string; total: number },
): TaskProgress {
  const { taskId, label, total } = task;
  return {
    update: (done, detail) =>
      hub.emit('progress:update', {
        taskId,
        label,
        done: Math.min(done, total),
        total,
        ...(detail !== undefined ? { detail } : {}),
      }),
    finish: (detail) =>
      hub.emit('progress:update', {
        taskId,
        label,
        done: total,
        total,
        finished: true,
        ...(detail !== undefined ? { detail } : {}),
      }),
  };
}

/** Words for the stages of one step, e.g. "checking the image", "added". */
export interface StepWords {
  label: string;
  /** The item the step works on, e.g. a file's name. */
  item: string;
  working: string;
  done: string;
}

/**
 * Runs one step of work that is split across calls (one file of a multi-file import)
 * and reports its stages: started, then done or failed. The step after the last one
 * finishes the task, whether it worked or not, so the renderer always sees the end.
 * Without a step (a single call nobody tracks) it just runs the work.
 */
export async function runStep<T>(
  hub: EventHub,
  step: ProgressStep | undefined,
  words: StepWords,
  work: () => Promise<T>,
): Promise<T> {
  if (!step) return work();
  const progress = taskProgress(hub, {
    taskId: step.taskId,
    label: words.label,
    total: step.total,
  });
  const last = step.index + 1 === step.total;
  const end = (detail: string) =>
    last ? progress.finish(detail) : progress.update(step.index + 1, detail);
  progress.update(step.index, `${words.item}: ${words.working}`);
  try {
    const result = await work();
    end(`${words.item}: ${words.done}`);
    return result;
  } catch (error) {
    end(`${words.item}: failed`);
    throw error;
  }
}
