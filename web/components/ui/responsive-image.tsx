/** Every public image: AVIF + WebP renditions with srcset/sizes, intrinsic size, lazy unless it is the LCP image, placeholder on absence or error. */
import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { PLACEHOLDER_IMAGE, parseImageUrl, renditionUrl, renditionWidths, srcSet, type StoredImage } from '../../../shared/image-urls';
import { objectPosition, type ImageDetails } from '../../../shared/image-details';

/** The largest AVIF rendition: the preload's fallback href (the srcset decides). */
const renditionUrlFor = (image: StoredImage) => renditionUrl(image, Math.max(...renditionWidths(image.width)), 'avif');

interface ResponsiveImageProps {
  src: string | null | undefined;
  alt: string;
  /** the `sizes` attribute: how wide the image is drawn */
  sizes: string;
  className?: string;
  /** the page's largest image above the fold: eager with high fetch priority */
  priority?: boolean;
  /** the image's focal point: kept in view where `object-cover` crops it (the page CSP allows style attributes) */
  focus?: Pick<ImageDetails, 'focusX' | 'focusY'>;
  /** the language of its alt text when it is not the page's: 'en' where a page in another language shows the English one */
  lang?: string;
}

const PLACEHOLDER_SIZE = { width: 800, height: 600 };

export function ResponsiveImage({ src, alt, sizes, className, priority = false, focus, lang }: ResponsiveImageProps) {
  const [failed, setFailed] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);
  // an image that failed before hydration fired its error event before React listened
  useEffect(() => {
    const img = imgRef.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, []);
  const stored = failed ? null : parseImageUrl(src);
  // the centre is CSS's own default: no style attribute for it
  const position = focus && (focus.focusX !== 50 || focus.focusY !== 50) ? { objectPosition: objectPosition(focus) } : undefined;
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;

  // the LCP image goes to the top of <head>, ahead of the script preloads
  if (priority && stored) {
    preload(renditionUrlFor(stored), {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: srcSet(stored, 'avif'),
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }

  if (!stored) {
    return (
      <img
        ref={imgRef}
        src={failed || !src ? PLACEHOLDER_IMAGE : src}
        alt={alt}
        lang={lang}
        width={PLACEHOLDER_SIZE.width}
        height={PLACEHOLDER_SIZE.height}
        className={className}
        loading={loading}
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  // `sizes` belongs to the <source>s: on the fallback <img>, which has no srcset, it is invalid HTML
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(stored, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(stored, 'webp')} sizes={sizes} />
      <img
        ref={imgRef}
        src={src!}
        alt={alt}
        lang={lang}
        width={stored.width}
        height={stored.height}
        className={className}
        style={position}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding={priority ? 'sync' : 'async'}
        onError={() => setFailed(true)}
      />
    </picture>
  );
}
