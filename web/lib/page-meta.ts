/** Title, description, canonical URL and Open Graph tags for one public page. */
import type { MetaDescriptor } from 'react-router';
import { SITE_NAME } from '../../shared/copy/public';

export interface PageMetaInput {
  title: string;
  description: string;
  /** absolute base URL from the loader (PUBLIC_URL) */
  baseUrl: string;
  path: string;
  /** stored image URL for og:image */
  image?: string;
}

export function pageMeta({ title, description, baseUrl, path, image }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = `${title} | ${SITE_NAME}`;
  const url = `${baseUrl}${path}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  if (image) tags.push({ property: 'og:image', content: `${baseUrl}${image}` });
  return tags;
}
