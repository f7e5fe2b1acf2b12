/** Tailwind class sets used across the admin screens (kept here so every button looks the same). */
const base =
  'inline-flex items-center justify-center gap-1.5 rounded-lg px-4 py-2 text-sm font-medium transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

export const btn = {
  primary: `${base} bg-brand-dark text-white hover:bg-orange-800 focus-visible:ring-brand`,
  secondary: `${base} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 focus-visible:ring-gray-400`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800 focus-visible:ring-red-600`,
  smallEdit: 'inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50',
  smallDelete: 'inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50',
};

export const input =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:bg-gray-100 disabled:text-gray-500';

export const label = 'mb-1 block text-sm font-medium text-gray-800';
export const fieldError = 'mt-1 text-sm text-red-700';
export const card = 'rounded-xl border border-gray-200 bg-white shadow-sm';
