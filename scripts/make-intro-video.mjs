#!/usr/bin/env node
// Renders the landing page's intro video (apps/web/public/media/intro.webm): five
// slides drawn by Chromium, joined with cross-fades by ffmpeg (VP9, 1280×720).
// Needs /usr/bin/chromium (or CHROME_PATH) and ffmpeg; run: node scripts/make-intro-video.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/web/public/media/intro.webm');
const SLIDE_SECONDS = 5;
const FADE_SECONDS = 0.8;

const slides = [
  {
    kicker: 'Prämienbörse',
    title: 'Offene Stellen besetzen – mit den besten Personalberatern Österreichs.',
    text: 'In vier Schritten zur erfolgreichen Besetzung.',
  },
  {
    kicker: 'Schritt 1',
    title: 'Inserat mit Vermittlungsprämie veröffentlichen',
    text: 'Unternehmen legen die Prämie in Prozent des Bruttojahresgehalts fest – z. B. 19 %.',
  },
  {
    kicker: 'Schritt 2',
    title: 'Personalberater finden passende Kandidaten',
    text: 'Mehr als 30 Personalvermittlungen durchsuchen die Inserate und kontaktieren Sie direkt im Chat.',
  },
  {
    kicker: 'Schritt 3',
    title: 'Lebensläufe im Chat austauschen',
    text: 'Bewerbungsunterlagen als PDF oder Word – sicher, nur für Sie und den Personalberater sichtbar.',
  },
  {
    kicker: 'Schritt 4',
    title: 'Bezahlt wird nur bei Erfolg',
    text: 'Prämie plus 10 % Servicegebühr (bei 19 % also 1,9 %) – fällig erst bei der Einstellung.',
  },
];

const page = (s, i) => `<!doctype html><html lang="de"><head><meta charset="utf-8"><style>
body{margin:0;width:1280px;height:720px;font-family:'DejaVu Sans',Arial,sans-serif;color:#fff;
background:linear-gradient(135deg,#102a43 0%,#0b5ed7 100%);display:flex;align-items:center}
main{padding:0 110px}.k{font-size:28px;letter-spacing:4px;text-transform:uppercase;color:#9fc4ff;font-weight:700}
h1{font-size:64px;line-height:1.15;margin:18px 0 28px}p{font-size:32px;line-height:1.45;color:#dbe7ff;max-width:980px}
.dots{position:absolute;bottom:48px;left:110px;display:flex;gap:14px}.dots span{width:14px;height:14px;border-radius:7px;background:#ffffff55}
.dots span.on{background:#f0b429}.logo{position:absolute;top:44px;right:60px;font-size:30px;font-weight:700}
</style></head><body><div class="logo">P% Prämienbörse</div><main><div class="k">${s.kicker}</div><h1>${s.title}</h1><p>${s.text}</p></main>
<div class="dots">${slides.map((_, j) => `<span class="${j === i ? 'on' : ''}"></span>`).join('')}</div></body></html>`;

const work = mkdtempSync(path.join(tmpdir(), 'pb-video-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  for (const [i, slide] of slides.entries()) {
    await tab.setContent(page(slide, i));
    await tab.screenshot({ path: path.join(work, `slide${i}.png`) });
  }
} finally {
  await browser.close();
}

// Each slide is a still clip; xfade chains them with cross-fades.
const inputs = slides.flatMap((_, i) => [
  '-loop',
  '1',
  '-t',
  String(SLIDE_SECONDS),
  '-i',
  path.join(work, `slide${i}.png`),
]);
let chain = '[0:v]format=yuv420p[v0]';
for (let i = 1; i < slides.length; i++) {
  const offset = i * (SLIDE_SECONDS - FADE_SECONDS);
  chain += `;[${i}:v]format=yuv420p[s${i}];[v${i - 1}][s${i}]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${offset}[v${i}]`;
}
execFileSync(
  'ffmpeg',
  [
    '-y',
    '-loglevel',
    'error',
    ...inputs,
    '-filter_complex',
    chain,
    '-map',
    `[v${slides.length - 1}]`,
    '-r',
    '25',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '40',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    out,
  ],
  { stdio: 'inherit' },
);
rmSync(work, { recursive: true, force: true });
console.log(`written ${out}`);
