/** The decorative watermark fixed at the top right of every public page; hidden when it fails to load. */
import { useEffect, useRef, useState } from 'react';
// watermark.svg drawn at 192 px (with sharp): an SVG <img> costs the page a main-thread task
// to build its document; the hashed file name lets browsers keep it for a year
import watermarkUrl from '../../assets/watermark.webp?no-inline';

export function Watermark() {
  const [hidden, setHidden] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // a load failure before hydration fired before React listened
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setHidden(true);
  }, []);
  if (hidden) return null;
  return (
    <img
      ref={ref}
      src={watermarkUrl}
      alt=""
      aria-hidden="true"
      width={160}
      height={160}
      loading="lazy"
      decoding="async"
      fetchPriority="low"
      data-testid="watermark"
      className="pointer-events-none fixed top-20 right-2 z-30 w-16 opacity-10 sm:w-24"
      onError={() => setHidden(true)}
    />
  );
}
