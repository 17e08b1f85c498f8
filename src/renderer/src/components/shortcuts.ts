/** One keyboard shortcut as the shortcuts dialog lists it. */
export interface Shortcut {
  /** Alternatives, each a combination of keys pressed together. */
  keys: string[][];
  what: string;
}

/** Every keyboard shortcut of the workspace, by group: the one list `?` shows. */
export const SHORTCUTS: { group: string; items: Shortcut[] }[] = [
  {
    group: 'Anywhere in a review',
    items: [
      { keys: [['?']], what: 'Show these shortcuts' },
      { keys: [['C']], what: 'Turn comment mode on or off' },
      { keys: [['J']], what: 'Next comment (selects its pin and card)' },
      { keys: [['K']], what: 'Previous comment' },
      { keys: [['Esc']], what: 'Leave comment mode, close a dialog' },
    ],
  },
  {
    group: 'On the screenshot',
    items: [
      { keys: [['Enter']], what: 'In comment mode: drop a pin in the middle of the view' },
      { keys: [['Enter'], ['Space']], what: 'On a pin: select it and show its card' },
      { keys: [['Arrow keys']], what: 'On a pin of your own: move it' },
      { keys: [['Shift', 'Arrow keys']], what: 'Move it in larger steps' },
      {
        keys: [
          ['Ctrl', '+'],
          ['⌘', '+'],
        ],
        what: 'Zoom in',
      },
      {
        keys: [
          ['Ctrl', '−'],
          ['⌘', '−'],
        ],
        what: 'Zoom out',
      },
      {
        keys: [
          ['Ctrl', '0'],
          ['⌘', '0'],
        ],
        what: 'Fit the screenshot to the width',
      },
      { keys: [['Ctrl', 'Wheel'], ['Pinch']], what: 'Zoom around the pointer' },
    ],
  },
  {
    group: 'Writing',
    items: [
      {
        keys: [
          ['Ctrl', 'Enter'],
          ['⌘', 'Enter'],
        ],
        what: 'Save the comment or reply',
      },
      { keys: [['Esc']], what: 'Cancel' },
    ],
  },
];
