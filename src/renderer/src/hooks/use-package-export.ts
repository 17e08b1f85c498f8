import { useCallback, useState } from 'react';
import { api } from '../bridge/api.ts';
import { onEvent } from '../bridge/events.ts';
import { offerDownload } from '../bridge/save-file.ts';
import type { Run } from './use-action-status.ts';
import { useProfileGate } from './use-profile-gate.ts';

/** The media type a review package is offered as. */
export const PACKAGE_TYPE = 'application/vnd.crit.package';

/**
 * "Send for review…": exports the design as a review package and offers it as a download.
 * Packages are signed with the profile, so without one the profile dialog comes first.
 * While main works, `progress` holds what it reports (`package-export:<designId>`).
 */
export function usePackageExport(designId: string, run: Run) {
  const gate = useProfileGate();
  const [progress, setProgress] = useState<string | null>(null);
  const exportNow = useCallback(async () => {
    setProgress('Preparing the review package…');
    const stop = onEvent('progress:update', (update) => {
      if (update.taskId !== `package-export:${designId}` || update.finished) return;
      const step = update.detail ? ` (${update.detail})` : '';
      setProgress(
        `Preparing the review package: ${update.done} of ${update.total} steps done${step}…`,
      );
    });
    try {
      await run(async () => {
        const file = await api.packages.export(designId);
        offerDownload({ ...file, mime: PACKAGE_TYPE });
      });
    } finally {
      stop();
      setProgress(null);
    }
  }, [designId, run]);
  const start = useCallback(
    () =>
      gate(
        'Review packages are signed with your profile, so reviewers know who sent them. Tell them who you are.',
        () => void exportNow(),
      ),
    [gate, exportNow],
  );
  return { start, progress };
}
