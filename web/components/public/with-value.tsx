/** A copy text that names a content value (`by ${developer}`), with the value as an element of its own: it may carry `lang="en"`. */
import type { ReactNode } from 'react';

/** No copy text holds it: where the value goes. */
const MARK = '\u0000';

export function withValue(text: (value: string) => string, value: ReactNode): ReactNode {
  const [before, after] = text(MARK).split(MARK);
  if (after === undefined) return before;
  return (
    <>
      {before}
      {value}
      {after}
    </>
  );
}
