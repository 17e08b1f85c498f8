import type { SampleCard } from '../../shared/domain.ts';

/** A sample's fixed description: its pages and the screenshot each one shows. */
export interface SampleDef {
  card: SampleCard;
  title: string;
  pages: { name: string; img: string }[];
}

const media = (file: string) => `/media/samples/${file}`;

/** The two sample reviews of the landing screen (SPEC A1, A2). */
export const SAMPLES: Record<'netflix' | 'gemini', SampleDef> = {
  netflix: {
    title: 'Netflix UI',
    card: {
      key: 'netflix',
      name: 'Netflix UI',
      description: 'Watch TV shows online, watch movies online',
      preview: media('netflix-preview.png'),
      avatar: '/media/avatars/reviewer-1.svg',
    },
    pages: [
      { name: 'main', img: media('netflix-main.png') },
      { name: 'main/pop-up', img: media('netflix-main-pop-up.png') },
      { name: 'choice', img: media('netflix-choice.png') },
    ],
  },
  gemini: {
    title: 'Gemini UI',
    card: {
      key: 'gemini',
      name: 'Gemini UI',
      description: 'Chat to supercharge your ideas',
      preview: media('gemini-preview.png'),
      avatar: '/media/avatars/reviewer-2.svg',
    },
    pages: [
      { name: 'main', img: media('gemini-main.png') },
      { name: 'chat', img: media('gemini-chat.png') },
    ],
  },
};

/** The sample a name stands for: unknown or missing names fall back as SPEC A2 says. */
export function resolveSample(name: string | undefined): SampleDef {
  if (name === 'gemini') return SAMPLES.gemini;
  if (name === 'netflix') return SAMPLES.netflix;
  return {
    ...SAMPLES.netflix,
    pages: [{ name: 'main', img: media('netflix-main.png') }],
  };
}

/** The people who review the samples. */
export const SAMPLE_REVIEWERS = [
  { name: 'Ada Moreno', img: '/media/avatars/reviewer-1.svg' },
  { name: 'Jun Park', img: '/media/avatars/reviewer-2.svg' },
  { name: 'Priya Nair', img: '/media/avatars/reviewer-3.svg' },
  { name: 'Tomás Silva', img: '/media/avatars/reviewer-4.svg' },
] as const;

/** What a reviewer might say about each kind of element: a few remarks per tag. */
export const REMARKS: Record<string, string[]> = {
  header: [
    'The header eats a lot of vertical space on smaller laptops.',
    'Sticky header feels heavy once you scroll; consider shrinking it.',
    'The header mixes three alignments; pick one edge and stick to it.',
    'Account and search icons in the header need labels or tooltips.',
  ],
  main: [
    'The main content needs more breathing room between sections.',
    'Hierarchy is unclear here: what should I look at first?',
    'This section runs edge to edge while the rest sits on the grid.',
    'Too many competing calls to action in the main area.',
  ],
  logo: [
    'The logo sits too close to the edge; align it with the grid.',
    'Logo contrast is low against the dark background.',
    'The logo is larger than it needs to be next to the nav.',
    'Clicking the logo should take me home; make it a real link.',
  ],
  list: [
    'List items need clearer separation; the rows blur together.',
    'Could this list show how many items there are in total?',
    'The row is cut off at the edge with no hint that it scrolls.',
    'Items in this list have uneven spacing between them.',
  ],
  footer: [
    'Footer links are tiny and hard to hit.',
    'The footer repeats the nav; trim it to what people look for there.',
    'Footer text contrast is below what is comfortable to read.',
    'Group the footer links under headings; it reads as one long run.',
  ],
  nav: [
    'Active state in the nav is too subtle.',
    'Nav labels could be shorter; two of them wrap at 1280px.',
    'The nav items are too close together to tap comfortably.',
    'I would expect the nav to show where I am on this page.',
  ],
  button: [
    'The primary button should stand out more than the secondary one.',
    'Button label is vague; say what happens when I click it.',
    'This button is smaller than the others in the same row.',
    'No visible focus or hover state on this button.',
  ],
  form: [
    'The form needs inline validation before submit.',
    'Placeholder text is doing the job of labels here.',
    'The input is too narrow for what people will type into it.',
    'Say what happens after I send this form.',
  ],
  image: [
    'This image is cropped awkwardly on the right.',
    'Image feels generic; a real product shot would build more trust.',
    'The text over this image is hard to read; add a scrim.',
    'Images in this row have different aspect ratios.',
  ],
};
