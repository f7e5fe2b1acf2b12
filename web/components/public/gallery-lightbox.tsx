/** The gallery's full-screen lightbox (yet-another-react-lightbox): close, previous/next wrapping, description and 'N of M'. Loaded only when opened. */
import Lightbox, { type Slide } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { PLACEHOLDER_IMAGE, parseImageUrl, renditionUrl, renditionWidths } from '../../../shared/image-urls';
import { usePublicCopy } from './page-context';

/** The lightbox draws 'index separator total': the word between them in the copy's '1 of 2', or '/' when the language orders them otherwise. */
function counterSeparator(counter: (index: number, total: number) => string): string {
  return /^1 (.+) 2$/.exec(counter(1, 2))?.[1] ?? '/';
}

export interface LightboxImage {
  url: string;
  title: string;
  description: string;
  /** its alt text; the description or title stand in when none was given */
  alt: string;
  /** 'en' where a page in another language shows the English alt text or description (docs/decisions/0049) */
  altLang?: 'en';
  descriptionLang?: 'en';
}

function toSlide(image: LightboxImage): Slide {
  const stored = parseImageUrl(image.url);
  // no caption title: the counter holds the top-left corner, the description the bottom
  const text = image.description || image.title;
  const base = {
    description: image.descriptionLang ? <span lang={image.descriptionLang}>{text}</span> : text,
    alt: image.alt || image.description || image.title,
  };
  if (!stored) return { ...base, src: image.url || PLACEHOLDER_IMAGE };
  return {
    ...base,
    src: image.url,
    width: stored.width,
    height: stored.height,
    srcSet: renditionWidths(stored.width).map((w) => ({
      src: renditionUrl(stored, w, 'webp'),
      width: w,
      height: Math.round((stored.height * w) / stored.width),
    })),
  };
}

export default function GalleryLightbox({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: LightboxImage[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { gallery } = usePublicCopy();
  const slides = images.map(toSlide);
  // an English alt text on a page in another language says so (the slide's <img lang>)
  const altLangs = new Map(slides.map((slide, i) => [slide, images[i].altLang]));
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      slides={slides}
      plugins={[Captions, Counter]}
      carousel={{ finite: false, imageProps: (slide) => ({ lang: altLangs.get(slide) }) }}
      counter={{ separator: counterSeparator(gallery.counter) }}
      captions={{ descriptionTextAlign: 'center' }}
      on={{ view: ({ index: current }) => onIndex(current) }}
      labels={{ Close: gallery.close, Previous: gallery.previous, Next: gallery.next }}
    />
  );
}
