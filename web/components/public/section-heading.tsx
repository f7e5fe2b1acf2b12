/** A section's heading and optional subtitle, centred, with the brand accent bar. */
export function SectionHeading({ title, subtitle, id }: { title: string; subtitle?: string; id?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">
        {title}
      </h2>
      <span className="mx-auto mt-3 block h-1 w-16 rounded bg-brand" aria-hidden="true" />
      {subtitle && <p className="mt-4 text-gray-700">{subtitle}</p>}
    </div>
  );
}
