import type { ReactNode } from 'react';

/** A section's (or, with level 1, a page's) heading and optional subtitle, centred, with the brand accent bar; `*Lang`: content left in English. */
export function SectionHeading({
  title,
  subtitle,
  id,
  level = 2,
  titleLang,
  subtitleLang,
}: {
  title: ReactNode;
  subtitle?: string;
  id?: string;
  level?: 1 | 2;
  titleLang?: string;
  subtitleLang?: string;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <Heading id={id} className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl" lang={titleLang}>
        {title}
      </Heading>
      <span className="mx-auto mt-3 block h-1 w-16 rounded bg-brand" aria-hidden="true" />
      {subtitle && (
        <p className="mt-4 text-gray-700" lang={subtitleLang}>
          {subtitle}
        </p>
      )}
    </div>
  );
}
