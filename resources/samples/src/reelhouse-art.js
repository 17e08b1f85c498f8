// Poster and key art for the Reelhouse mock-up, drawn as SVG from a title, so the
// sample needs no image files. Everything is seeded by the title: same title, same art.
// Loaded as a classic script: posterSvg() and keyArtSvg() are globals for the pages.

/** A small deterministic random source seeded from a string. */
function seeded(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const PALETTES = [
  ['#1b2a4a', '#e8735a', '#ffd38a'],
  ['#0f2f2e', '#2fb59a', '#e9f5c9'],
  ['#2b1036', '#d9467a', '#ffc4a3'],
  ['#101a2c', '#4b7bec', '#b9d2ff'],
  ['#33150d', '#e2622b', '#ffd166'],
  ['#0d1f16', '#7bbf5a', '#f2e8b6'],
  ['#1e1030', '#8e5cf7', '#f3b6ff'],
  ['#2a2218', '#c9a063', '#fff1d0'],
  ['#0a2233', '#18a0c9', '#ffe08a'],
  ['#351421', '#f06262', '#ffe3d6'],
];

/** Splits a title into at most two lines of roughly `max` characters. */
function wrap(title, max) {
  if (title.length <= max) return [title];
  const words = title.split(' ');
  let best = [title];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const pair = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const width = Math.max(pair[0].length, pair[1].length);
    if (width < bestWidth) [best, bestWidth] = [pair, width];
  }
  return best;
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Motifs: each returns SVG shapes for a W×H canvas in the colours [dark, mid, light]. */
const MOTIFS = {
  sun(W, H, [, mid, light], rnd) {
    const cy = H * (0.45 + rnd() * 0.1);
    const r = Math.min(W, H * 0.7) * 0.34;
    let stripes = '';
    for (let i = 0; i < 6; i++) {
      const y = cy + r * 0.1 + i * r * 0.16;
      stripes += `<rect x="0" y="${y}" width="${W}" height="${2 + i * 1.6}" fill="url(#bg)"/>`;
    }
    return `<circle cx="${W / 2}" cy="${cy}" r="${r}" fill="${light}"/>${stripes}
      <path d="M0 ${cy + r * 0.9} L${W * 0.35} ${cy + r * 0.45} L${W * 0.6} ${cy + r * 0.8} L${W} ${cy + r * 0.3} V${H} H0Z" fill="${mid}" opacity=".9"/>`;
  },
  mountains(W, H, [dark, mid, light], rnd) {
    let out = `<circle cx="${W * (0.25 + rnd() * 0.5)}" cy="${H * 0.24}" r="${W * 0.09}" fill="${light}" opacity=".9"/>`;
    for (let layer = 0; layer < 4; layer++) {
      const base = H * (0.45 + layer * 0.12);
      let d = `M0 ${H} L0 ${base}`;
      for (let x = 0; x <= W; x += W / 6) d += ` L${x} ${base - rnd() * H * 0.18}`;
      d += ` L${W} ${H}Z`;
      out += `<path d="${d}" fill="${layer % 2 ? dark : mid}" opacity="${0.55 + layer * 0.15}"/>`;
    }
    return out;
  },
  city(W, H, [dark, mid, light], rnd) {
    let out = `<circle cx="${W * 0.7}" cy="${H * 0.22}" r="${W * 0.12}" fill="${mid}" opacity=".8"/>`;
    let x = -5;
    while (x < W) {
      const w = W * (0.08 + rnd() * 0.1);
      const h = H * (0.25 + rnd() * 0.35);
      out += `<rect x="${x}" y="${H - h}" width="${w}" height="${h}" fill="${dark}"/>`;
      for (let wy = H - h + 8; wy < H - 10; wy += 11) {
        for (let wx = x + 4; wx < x + w - 6; wx += 8) {
          if (rnd() > 0.62)
            out += `<rect x="${wx}" y="${wy}" width="3.5" height="5" fill="${light}" opacity=".85"/>`;
        }
      }
      x += w + 2;
    }
    return out;
  },
  waves(W, H, [dark, mid, light], rnd) {
    let out = `<circle cx="${W * 0.3}" cy="${H * 0.25}" r="${W * 0.14}" fill="${light}"/>`;
    for (let i = 0; i < 5; i++) {
      const y = H * (0.5 + i * 0.1);
      const a = 6 + rnd() * 10;
      let d = `M0 ${y}`;
      for (let x = 0; x <= W; x += W / 4) d += ` q${W / 8} ${-a} ${W / 4} 0`;
      d += ` V${H} H0Z`;
      out += `<path d="${d}" fill="${i % 2 ? mid : dark}" opacity="${0.6 + i * 0.1}"/>`;
    }
    return out;
  },
  figure(W, H, [dark, mid, light]) {
    const cx = W / 2;
    const s = Math.min(W, H);
    const head = H * 0.5;
    return `<circle cx="${cx}" cy="${H * 0.42}" r="${s * 0.44}" fill="${mid}" opacity=".5"/>
      <circle cx="${cx}" cy="${H * 0.42}" r="${s * 0.3}" fill="${light}" opacity=".55"/>
      <ellipse cx="${cx}" cy="${head}" rx="${s * 0.1}" ry="${s * 0.125}" fill="${dark}"/>
      <rect x="${cx - s * 0.045}" y="${head + s * 0.08}" width="${s * 0.09}" height="${s * 0.1}" fill="${dark}"/>
      <path d="M${cx - s * 0.42} ${H} C${cx - s * 0.4} ${head + s * 0.2} ${cx - s * 0.2} ${head + s * 0.16} ${cx} ${head + s * 0.16} C${cx + s * 0.2} ${head + s * 0.16} ${cx + s * 0.4} ${head + s * 0.2} ${cx + s * 0.42} ${H}Z" fill="${dark}"/>`;
  },
  planet(W, H, [dark, mid, light], rnd) {
    let stars = '';
    for (let i = 0; i < 40; i++) {
      stars += `<circle cx="${rnd() * W}" cy="${rnd() * H}" r="${rnd() * 1.4 + 0.3}" fill="#fff" opacity="${rnd() * 0.8}"/>`;
    }
    const r = Math.min(W, H) * 0.3;
    return `${stars}<circle cx="${W * 0.5}" cy="${H * 0.48}" r="${r}" fill="${mid}"/>
      <circle cx="${W * 0.5 - r * 0.3}" cy="${H * 0.48 - r * 0.3}" r="${r * 0.7}" fill="${light}" opacity=".25"/>
      <ellipse cx="${W * 0.5}" cy="${H * 0.48}" rx="${r * 1.7}" ry="${r * 0.35}" fill="none" stroke="${light}" stroke-width="4" transform="rotate(-16 ${W * 0.5} ${H * 0.48})"/>
      <path d="M0 ${H * 0.86} Q${W / 2} ${H * 0.78} ${W} ${H * 0.86} V${H} H0Z" fill="${dark}"/>`;
  },
  forest(W, H, [dark, mid, light], rnd) {
    let out = `<rect y="${H * 0.6}" width="${W}" height="${H * 0.4}" fill="${dark}"/>
      <circle cx="${W * 0.65}" cy="${H * 0.3}" r="${W * 0.1}" fill="${light}" opacity=".9"/>`;
    for (let i = 0; i < 14; i++) {
      const x = rnd() * W;
      const h = H * (0.25 + rnd() * 0.35);
      const w = h * 0.32;
      const base = H * (0.62 + rnd() * 0.3);
      out += `<path d="M${x} ${base - h} L${x + w / 2} ${base} L${x - w / 2} ${base}Z" fill="${i % 3 ? dark : mid}" opacity="${0.7 + rnd() * 0.3}"/>`;
    }
    return out;
  },
  grid(W, H, [dark, mid, light]) {
    let lines = '';
    const hz = H * 0.58;
    for (let i = -8; i <= 8; i++) {
      lines += `<line x1="${W / 2}" y1="${hz}" x2="${W / 2 + i * W * 0.18}" y2="${H}" stroke="${mid}" stroke-width="1.2"/>`;
    }
    for (let i = 1; i < 8; i++) {
      const y = hz + (H - hz) * (i / 8) ** 1.8;
      lines += `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="${mid}" stroke-width="1.2"/>`;
    }
    return `<circle cx="${W / 2}" cy="${hz}" r="${W * 0.26}" fill="${light}" opacity=".9"/>
      <rect y="${hz}" width="${W}" height="${H - hz}" fill="${dark}"/>${lines}`;
  },
  door(W, H, [dark, mid, light]) {
    const w = W * 0.34;
    const x = (W - w) / 2;
    const top = H * 0.28;
    return `<rect y="${H * 0.72}" width="${W}" height="${H * 0.28}" fill="${dark}" opacity=".8"/>
      <path d="M${x} ${H * 0.74} V${top + w / 2} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${top + w / 2} V${H * 0.74}Z" fill="${light}"/>
      <path d="M${x} ${H * 0.74} L${x - W * 0.3} ${H} H${x + w + W * 0.3} L${x + w} ${H * 0.74}Z" fill="${light}" opacity=".28"/>
      <rect x="${W / 2 - 4}" y="${H * 0.6}" width="8" height="${H * 0.14}" rx="4" fill="${mid}"/>`;
  },
};
const MOTIF_NAMES = Object.keys(MOTIFS);

/**
 * SVG poster art for a title. `kind` is `portrait` (2:3) or `landscape` (16:9); the
 * title is set on the art, the way key art carries its own logotype.
 */
function posterSvg(title, kind = 'portrait', opts = {}) {
  const rnd = seeded(title);
  const [W, H] = kind === 'portrait' ? [200, 300] : [320, 180];
  const palette = PALETTES[opts.palette ?? Math.floor(rnd() * PALETTES.length)];
  const motif = opts.motif ?? MOTIF_NAMES[Math.floor(rnd() * MOTIF_NAMES.length)];
  const [dark, mid] = palette;
  const id = `p${Math.floor(rnd() * 1e9)}`;
  const serif = rnd() > 0.5;
  const font = serif
    ? `font-family="Georgia, 'DejaVu Serif', serif" font-weight="700"`
    : `font-family="'Helvetica Neue', Arial, 'Liberation Sans', sans-serif" font-weight="800" letter-spacing="1"`;
  // Wrap the logotype onto at most two lines and size it to the widest one.
  const lines = wrap(title.toUpperCase(), kind === 'portrait' ? 11 : 18);
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.min(
    kind === 'portrait' ? 30 : 26,
    (W * 0.86) / (longest * (serif ? 0.78 : 0.72)),
  );
  const bottom = kind === 'portrait' ? H - 22 : H - 32;
  const text = lines
    .map((l, i) => {
      const y = bottom - (lines.length - 1 - i) * size * 1.02;
      return `<text x="${W / 2}" y="${y.toFixed(1)}" text-anchor="middle" fill="#fff" font-size="${size.toFixed(1)}" ${font}>${esc(l)}</text>`;
    })
    .join('');
  const badge = opts.original
    ? `<g transform="translate(10 10)"><rect width="20" height="20" rx="5" fill="#ffb547"/><path d="M5 10 10 5.5 15 10V15H5Z" fill="#16120c"/><path d="M9 10.5v3.4l2.8-1.7z" fill="#ffb547"/></g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${esc(title)}">
    <defs>
      <linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/>
      </linearGradient>
      <linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1">
        <stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".75"/>
      </linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#${id})"/>
    ${MOTIFS[motif](W, H, palette, rnd).replaceAll('url(#bg)', `url(#${id})`)}
    <rect width="${W}" height="${H}" fill="url(#${id}s)"/>
    ${badge}
    ${text}
  </svg>`;
}

/** The lighthouse key art of the featured series, for the hero and the details dialog. */
function keyArtSvg(W, H, label) {
  const rnd = seeded('The Lantern Coast');
  let stars = '';
  for (let i = 0; i < 90; i++) {
    stars += `<circle cx="${(rnd() * W).toFixed(1)}" cy="${(rnd() * H * 0.45).toFixed(1)}" r="${(rnd() * 1.6 + 0.3).toFixed(2)}" fill="#fff" opacity="${(rnd() * 0.7 + 0.1).toFixed(2)}"/>`;
  }
  const lx = W * 0.72;
  const horizon = H * 0.62;
  let waves = '';
  for (let i = 0; i < 6; i++) {
    const y = horizon + i * H * 0.065;
    let d = `M0 ${y}`;
    for (let x = 0; x <= W; x += W / 10) d += ` q${W / 20} ${-(8 + i * 3)} ${W / 10} 0`;
    waves += `<path d="${d} V${H} H0Z" fill="${['#123047', '#0f2a3f', '#0c2336', '#0a1d2d', '#081725', '#06111c'][i]}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${label}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#0a1426"/><stop offset=".45" stop-color="#1d3557"/>
        <stop offset=".78" stop-color="#c8664a"/><stop offset="1" stop-color="#f4a259"/>
      </linearGradient>
      <radialGradient id="glow" cx="${lx / W}" cy="${(horizon - H * 0.34) / H}" r=".35">
        <stop offset="0" stop-color="#ffe6a8" stop-opacity=".9"/><stop offset="1" stop-color="#ffe6a8" stop-opacity="0"/>
      </radialGradient>
      <linearGradient id="beam" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#fff3c4" stop-opacity=".55"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/>
      </linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    ${stars}
    <mask id="crescent">
      <circle cx="${W * 0.56}" cy="${H * 0.2}" r="${H * 0.06}" fill="#fff"/>
      <circle cx="${W * 0.56 + H * 0.025}" cy="${H * 0.19}" r="${H * 0.055}" fill="#000"/>
    </mask>
    <circle cx="${W * 0.56}" cy="${H * 0.2}" r="${H * 0.06}" fill="#fdf0d5" mask="url(#crescent)"/>
    <path d="M${lx} ${horizon - H * 0.34} L${W * 0.02} ${horizon - H * 0.5} L${W * 0.02} ${horizon - H * 0.28}Z" fill="url(#beam)"/>
    <rect width="${W}" height="${H}" fill="url(#glow)"/>
    <path d="M${W * 0.55} ${horizon} C${W * 0.6} ${horizon - H * 0.12} ${W * 0.66} ${horizon - H * 0.14} ${W * 0.7} ${horizon - H * 0.1} C${W * 0.78} ${horizon - H * 0.16} ${W * 0.9} ${horizon - H * 0.1} ${W} ${horizon - H * 0.12} V${horizon + 10} H${W * 0.55}Z" fill="#0b1a2a"/>
    <path d="M${lx - W * 0.018} ${horizon - H * 0.1} L${lx - W * 0.012} ${horizon - H * 0.3} H${lx + W * 0.012} L${lx + W * 0.018} ${horizon - H * 0.1}Z" fill="#e9e2d0"/>
    <path d="M${lx - W * 0.016} ${horizon - H * 0.2} H${lx + W * 0.016} L${lx + W * 0.0165} ${horizon - H * 0.16} H${lx - W * 0.0165}Z" fill="#b8433a"/>
    <rect x="${lx - W * 0.014}" y="${horizon - H * 0.36}" width="${W * 0.028}" height="${H * 0.06}" rx="3" fill="#ffe6a8"/>
    <path d="M${lx - W * 0.02} ${horizon - H * 0.36} L${lx} ${horizon - H * 0.4} L${lx + W * 0.02} ${horizon - H * 0.36}Z" fill="#2b2f3a"/>
    ${waves}
    <path d="M${lx - W * 0.05} ${horizon + H * 0.02} h${W * 0.1}" stroke="#ffe6a8" stroke-width="3" opacity=".4"/>
  </svg>`;
}
