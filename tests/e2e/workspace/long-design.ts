import { bridge, wireBytes } from '../support/bridge.ts';
import type { CritServer } from '../support/crit-server.ts';
import { makePng } from '../support/images.ts';
import { seedComment, seedOtherReviewersComment, seedProfile } from '../support/seed.ts';
import type { DesignSummary, Page } from '../../../src/shared/domain.ts';

/** A design name of the longest allowed length, 120 characters. */
export const LONG_DESIGN_NAME =
  'Quarterly redesign of the customer onboarding journey for enterprise accounts across web, tablet and mobile surfaces v12';
export const LONG_PAGE_NAME =
  'Homepage hero with the very long descriptive page name that never ends at all';
export const LONG_PERSON = 'Maximiliana Bartholomew-Featherstonehaugh von Ravensworth';
export const LONG_REVIEWER = 'Alexandrina Konstantinopoulou-Vanderbilt de la Fontaine';

/**
 * A design made to strain the layout: the longest names, and a tall 1440-px page with
 * 32 comments of the local user and one of another reviewer, the first ones on its edges.
 */
export async function seedLongDesign(
  crit: CritServer,
): Promise<{ design: DesignSummary; page: Page }> {
  await seedProfile(crit, LONG_PERSON, 'expert');
  const design = await bridge<DesignSummary>(crit, 'designs:create', [{ name: LONG_DESIGN_NAME }]);
  const png = await makePng('tall.png', 1440, 2400);
  const page = await bridge<Page>(crit, 'pages:add', [
    { designId: design.id, name: LONG_PAGE_NAME, bytes: wireBytes(png.buffer) },
  ]);
  seedOtherReviewersComment(
    crit,
    { name: LONG_REVIEWER, role: 'expert' },
    {
      pageId: page.id,
      contents: 'The hero headline is hard to read on the photo.',
      x: 30,
      y: 5,
      tag: 'header',
    },
  );
  for (let i = 0; i < 32; i++)
    await seedComment(
      crit,
      page.id,
      `Comment ${i + 1}: spacing is off compared with the grid used elsewhere.`,
      {
        x: (i * 37) % 101,
        y: (i * 13) % 101,
        tag: 'button',
      },
    );
  return { design, page };
}
