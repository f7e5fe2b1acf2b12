/** Gallery and project filters in the URL: lowercase, hyphenated ("Wooden Carving" → "wooden-carving"). */
export function categorySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
