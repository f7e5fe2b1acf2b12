/**
 * Demo pictures drawn locally as SVG (no downloads): building façades, rooms,
 * carved wood panels and portraits, in a palette per picture.
 */
export type DemoScene = 'building' | 'room' | 'carving' | 'portrait' | 'landscape';

export interface DemoImageSpec {
  scene: DemoScene;
  /** 0..359, the picture's main hue */
  hue: number;
  width: number;
  height: number;
  /** a small seed so two pictures of a scene differ */
  variant?: number;
}

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360} ${s}% ${l}%)`;

function building(spec: DemoImageSpec, v: number): string {
  const { width: w, height: h, hue } = spec;
  const floors = 5 + (v % 6);
  const cols = 4 + (v % 4);
  const bw = w * (0.32 + (v % 3) * 0.06);
  const bx = w * 0.5 - bw / 2 + ((v % 5) - 2) * w * 0.06;
  const bh = h * (0.55 + (v % 4) * 0.07);
  const by = h * 0.9 - bh;
  let windows = '';
  for (let f = 0; f < floors; f++) {
    for (let c = 0; c < cols; c++) {
      const lit = (f * 7 + c * 3 + v) % 5 === 0;
      windows += `<rect x="${bx + (c + 0.25) * (bw / cols)}" y="${by + (f + 0.3) * (bh / floors)}" width="${(bw / cols) * 0.5}" height="${(bh / floors) * 0.45}" rx="2" fill="${lit ? hsl(45, 90, 70) : hsl(hue + 180, 25, 35)}"/>`;
    }
  }
  const side = `<rect x="${bx - bw * 0.45}" y="${by + bh * 0.35}" width="${bw * 0.42}" height="${bh * 0.65}" fill="${hsl(hue, 12, 62)}"/><rect x="${bx + bw * 1.03}" y="${by + bh * 0.2}" width="${bw * 0.38}" height="${bh * 0.8}" fill="${hsl(hue, 10, 55)}"/>`;
  const crane =
    v % 2 === 0
      ? `<g stroke="${hsl(30, 95, 50)}" stroke-width="${w * 0.006}" fill="none"><line x1="${bx + bw * 0.8}" y1="${by}" x2="${bx + bw * 0.8}" y2="${by - h * 0.18}"/><line x1="${bx + bw * 0.2}" y1="${by - h * 0.17}" x2="${bx + bw * 1.4}" y2="${by - h * 0.17}"/><line x1="${bx + bw * 1.3}" y1="${by - h * 0.17}" x2="${bx + bw * 1.3}" y2="${by - h * 0.05}"/></g>`
      : '';
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 200, 60, 72)}"/><stop offset="1" stop-color="${hsl(hue + 30, 70, 86)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${w * 0.82}" cy="${h * 0.2}" r="${h * 0.08}" fill="${hsl(40, 95, 75)}" opacity="0.8"/>
${side}
<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="${hsl(hue, 18, 80)}"/>
<rect x="${bx}" y="${by}" width="${bw}" height="${bh * 0.04}" fill="${hsl(hue, 30, 40)}"/>
${windows}${crane}
<rect x="0" y="${h * 0.9}" width="${w}" height="${h * 0.1}" fill="${hsl(100, 30, 38)}"/>
<g fill="${hsl(120, 35, 30)}">${[0.08, 0.18, 0.9].map((x) => `<circle cx="${w * x}" cy="${h * 0.86}" r="${h * 0.06}"/>`).join('')}</g>`;
}

function room(spec: DemoImageSpec, v: number): string {
  const { width: w, height: h, hue } = spec;
  const wall = hsl(hue + 20, 30, 88 - (v % 3) * 4);
  const accent = hsl(hue, 55, 45);
  const wood = hsl(28, 45, 42 + (v % 3) * 4);
  return `<rect width="${w}" height="${h}" fill="${wall}"/>
<rect x="0" y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="${wood}"/>
${Array.from({ length: 8 }, (_, i) => `<line x1="${(i * w) / 8}" y1="${h * 0.72}" x2="${(i * w) / 8 - w * 0.05}" y2="${h}" stroke="${hsl(28, 40, 32)}" stroke-width="2"/>`).join('')}
<rect x="${w * 0.62}" y="${h * 0.12}" width="${w * 0.26}" height="${h * 0.4}" fill="${hsl(hue + 190, 50, 80)}" stroke="${hsl(0, 0, 100)}" stroke-width="${w * 0.008}"/>
<line x1="${w * 0.75}" y1="${h * 0.12}" x2="${w * 0.75}" y2="${h * 0.52}" stroke="#fff" stroke-width="${w * 0.006}"/>
<rect x="${w * 0.1}" y="${h * 0.15}" width="${w * 0.2}" height="${h * 0.22}" fill="${hsl(hue + 40, 40, 60)}" stroke="${wood}" stroke-width="${w * 0.01}"/>
<rect x="${w * 0.08}" y="${h * 0.5}" width="${w * 0.44}" height="${h * 0.17}" rx="${h * 0.04}" fill="${accent}"/>
<rect x="${w * 0.06}" y="${h * 0.44}" width="${w * 0.06}" height="${h * 0.25}" rx="${h * 0.03}" fill="${accent}"/>
<rect x="${w * 0.48}" y="${h * 0.44}" width="${w * 0.06}" height="${h * 0.25}" rx="${h * 0.03}" fill="${accent}"/>
<rect x="${w * 0.12}" y="${h * 0.46}" width="${w * 0.16}" height="${h * 0.1}" rx="${h * 0.03}" fill="${hsl(hue, 40, 62)}"/>
<rect x="${w * 0.31}" y="${h * 0.46}" width="${w * 0.16}" height="${h * 0.1}" rx="${h * 0.03}" fill="${hsl(hue, 40, 62)}"/>
<ellipse cx="${w * 0.3}" cy="${h * 0.82}" rx="${w * 0.16}" ry="${h * 0.04}" fill="${hsl(28, 50, 28)}"/>
<rect x="${w * 0.66}" y="${h * 0.58}" width="${w * 0.08}" height="${h * 0.14}" fill="${hsl(hue + 120, 25, 40)}"/>
<circle cx="${w * 0.7}" cy="${h * 0.52}" r="${h * 0.08}" fill="${hsl(120, 40, 35)}"/>
<line x1="${w * 0.86}" y1="${h * 0.3}" x2="${w * 0.86}" y2="${h * 0.72}" stroke="${hsl(0, 0, 25)}" stroke-width="${w * 0.005}"/>
<path d="M${w * 0.81} ${h * 0.3} L${w * 0.91} ${h * 0.3} L${w * 0.88} ${h * 0.22} L${w * 0.84} ${h * 0.22} Z" fill="${hsl(45, 80, 70)}"/>`;
}

function carving(spec: DemoImageSpec, v: number): string {
  const { width: w, height: h } = spec;
  const base = 22 + (v % 3) * 6;
  const cx = w / 2;
  const cy = h / 2;
  const r = Math.min(w, h) * 0.36;
  const petals = 8 + (v % 3) * 4;
  let flower = '';
  for (let i = 0; i < petals; i++) {
    const a = (i * 360) / petals;
    flower += `<ellipse cx="${cx}" cy="${cy - r * 0.55}" rx="${r * 0.16}" ry="${r * 0.42}" transform="rotate(${a} ${cx} ${cy})" fill="${hsl(base, 50, 38)}" stroke="${hsl(base, 55, 22)}" stroke-width="3"/>`;
  }
  let border = '';
  const step = w / 16;
  for (let x = step / 2; x < w; x += step) {
    border += `<circle cx="${x}" cy="${h * 0.07}" r="${step * 0.3}" fill="${hsl(base, 45, 30)}"/><circle cx="${x}" cy="${h * 0.93}" r="${step * 0.3}" fill="${hsl(base, 45, 30)}"/>`;
  }
  return `<defs><linearGradient id="wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(base, 55, 48)}"/><stop offset="1" stop-color="${hsl(base - 6, 50, 34)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#wood)"/>
${Array.from({ length: 14 }, (_, i) => `<path d="M0 ${(i * h) / 14 + 6} Q ${w / 2} ${(i * h) / 14 + (i % 2 ? 22 : -14)} ${w} ${(i * h) / 14}" stroke="${hsl(base, 45, 30)}" stroke-opacity="0.35" fill="none" stroke-width="2"/>`).join('')}
${border}
<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${hsl(base, 55, 24)}" stroke-width="${r * 0.06}"/>
${flower}
<circle cx="${cx}" cy="${cy}" r="${r * 0.2}" fill="${hsl(base + 10, 60, 55)}" stroke="${hsl(base, 55, 22)}" stroke-width="4"/>`;
}

function portrait(spec: DemoImageSpec, v: number): string {
  const { width: w, height: h, hue } = spec;
  const skin = hsl(25 + (v % 4) * 3, 45, 48 + (v % 3) * 8);
  return `<rect width="${w}" height="${h}" fill="${hsl(hue, 35, 85)}"/>
<circle cx="${w * 0.5}" cy="${h * 0.4}" r="${w * 0.18}" fill="${skin}"/>
<path d="M${w * 0.32} ${h * 0.34} Q ${w * 0.5} ${h * 0.12} ${w * 0.68} ${h * 0.34} Q ${w * 0.62} ${h * 0.24} ${w * 0.5} ${h * 0.24} Q ${w * 0.38} ${h * 0.24} ${w * 0.32} ${h * 0.34}Z" fill="${hsl(20, 30, 15 + (v % 3) * 10)}"/>
<path d="M${w * 0.12} ${h} Q ${w * 0.14} ${h * 0.64} ${w * 0.5} ${h * 0.62} Q ${w * 0.86} ${h * 0.64} ${w * 0.88} ${h} Z" fill="${hsl(hue + 180, 35, 30)}"/>
<path d="M${w * 0.44} ${h * 0.63} L${w * 0.5} ${h * 0.75} L${w * 0.56} ${h * 0.63} Z" fill="#fff"/>`;
}

function landscape(spec: DemoImageSpec, v: number): string {
  const { width: w, height: h, hue } = spec;
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 200, 55, 62)}"/><stop offset="1" stop-color="${hsl(hue + 20, 75, 82)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<path d="M0 ${h * 0.7} Q ${w * 0.25} ${h * (0.5 + (v % 3) * 0.04)} ${w * 0.5} ${h * 0.66} T ${w} ${h * 0.6} V ${h} H 0 Z" fill="${hsl(110, 30, 42)}"/>
<path d="M0 ${h * 0.82} Q ${w * 0.4} ${h * 0.72} ${w} ${h * 0.84} V ${h} H 0 Z" fill="${hsl(100, 35, 32)}"/>
${Array.from({ length: 6 }, (_, i) => `<g transform="translate(${w * (0.1 + i * 0.15)} ${h * (0.62 + (i % 2) * 0.05)})"><rect x="-${w * 0.03}" y="-${h * 0.09}" width="${w * 0.06}" height="${h * 0.09}" fill="${hsl(hue + i * 20, 25, 88)}"/><path d="M-${w * 0.04} -${h * 0.09} L0 -${h * 0.15} L${w * 0.04} -${h * 0.09}Z" fill="${hsl(10, 55, 45)}"/></g>`).join('')}`;
}

const scenes: Record<DemoScene, (spec: DemoImageSpec, v: number) => string> = {
  building,
  room,
  carving,
  portrait,
  landscape,
};

/** The SVG source of one demo picture. */
export function demoSvg(spec: DemoImageSpec): string {
  const body = scenes[spec.scene](spec, spec.variant ?? 0);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}">${body}</svg>`;
}
