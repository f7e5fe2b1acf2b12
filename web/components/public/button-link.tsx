/** The call-to-action link styles of the public site (brand dark orange keeps white text above 4.5:1). */
import type { ReactNode } from 'react';

const variants = {
  primary: 'bg-brand-dark text-white hover:bg-orange-800',
  light: 'bg-white text-gray-900 hover:bg-orange-50',
  outline: 'border-2 border-white text-white hover:bg-white/10',
} as const;

export const buttonClass = (variant: keyof typeof variants = 'primary') =>
  `inline-flex min-h-11 items-center justify-center rounded-full px-6 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${variants[variant]}`;

export function ButtonLink({ to, children, variant = 'primary' }: { to: string; children: ReactNode; variant?: keyof typeof variants }) {
  return (
    <a href={to} className={buttonClass(variant)}>
      {children}
    </a>
  );
}
