/** An item in the trash, as GET /api/trash lists it (the server's reply and the admin's Trash screen). */
export interface TrashItem {
  /** The resource key (e.g. `gallery`), or `enquiries`. */
  resource: string;
  noun: string;
  id: string;
  /** Its name: the title field, or an enquiry's sender. */
  label: string;
  deletedAt: string;
  thumbnail: string | null;
}
