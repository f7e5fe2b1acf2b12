/** A section's data as the page receives it: loaded, or failed with a message to show. */
export type Section<T> = { ok: true; data: T } | { ok: false; message: string };
