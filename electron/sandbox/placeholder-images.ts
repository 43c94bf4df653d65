import { hashString } from './prng';

/**
 * The app runs offline, so posters and photos are tiny SVGs generated from the subject's name:
 * the same name always gives the same picture, and a kiosk never shows a broken image.
 */

const PALETTE = ['#0b6e4f', '#c84c09', '#3d348b', '#9e2a2b', '#1d3557', '#6a4c93', '#b5838d', '#2a9d8f', '#e76f51', '#264653'];

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function initials(label: string): string {
  const words = label.split(/\s+/).filter((w) => /^[A-Za-z0-9]/.test(w));
  return words.slice(0, 3).map((w) => w[0]?.toUpperCase() ?? '').join('') || '?';
}

export function placeholderImage(label: string, kind: 'poster' | 'photo' | 'logo'): string {
  const hash = hashString(`${kind}:${label}`);
  const from = PALETTE[hash % PALETTE.length] ?? '#264653';
  const to = PALETTE[(hash >>> 8) % PALETTE.length] ?? '#0b6e4f';
  const [width, height] = kind === 'poster' ? [200, 300] : kind === 'logo' ? [120, 120] : [320, 200];
  const caption = escapeXml(label.length > 28 ? `${label.slice(0, 27)}…` : label);
  // Single quotes and no <defs>: every list item carries two or three of these, so bytes count.
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 ${width} ${height}'>` +
    `<linearGradient id='g' x2='1' y2='1'><stop stop-color='${from}'/><stop offset='1' stop-color='${to}'/></linearGradient>` +
    `<rect width='100%' height='100%' fill='url(#g)'/>` +
    `<text x='50%' y='45%' font-family='sans-serif' font-size='${kind === 'logo' ? 40 : 48}' font-weight='bold' fill='#fff' text-anchor='middle'>${escapeXml(initials(label))}</text>` +
    (kind === 'logo' ? '' : `<text x='50%' y='80%' font-family='sans-serif' font-size='14' fill='#fff' text-anchor='middle'>${caption}</text>`) +
    `</svg>`;
  return `data:image/svg+xml,${svgUrlText(svg)}`;
}

/**
 * An SVG as a data URL's text, escaping only what a URL cannot carry as it is (%, #, < and >,
 * quotes, anything outside printable ASCII); spaces and single quotes stay, as browsers read them.
 * About two thirds of encodeURIComponent's length.
 */
function svgUrlText(svg: string): string {
  return svg.replace(/[%#<>"\u0000-\u001f\u007f-\uffff]/g, (c) => encodeURIComponent(c));
}
