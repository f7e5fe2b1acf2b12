/**
 * The public pages' numbers the spec gives (timings and limits), apart from their words (./copy/): every page's
 * parts use these, while each language's texts are a chunk of their own that only its pages load.
 */
export const TOAST_DURATION_MS = 3000;
export const ROTATION_MS = 5000;
export const PARTICLE_COUNT = 20;
export const PARTICLE_REFRESH_MS = 5000;
export const SCROLL_THRESHOLD_PX = 10;
export const HASH_SCROLL_DELAY_MS = 300;
export const HASH_SCROLL_FALLBACK_MS = 1000;
export const MAX_PROJECT_DOTS = 4;
export const MAX_CATEGORY_CHIPS = 3;
