/** Gallery manager: search (the generic one, with the spec's placeholder), a category filter (defaults + data + locally added), 3 thumbnails and '+N'. */
import { useState } from 'react';
import { TOAST_SHORT_MS, galleryCopy, listCopy, screenCopy } from '../../../shared/copy/admin';
import { choicesOf, resources, type GalleryImage } from '../../../shared/resources';
import { btn, input } from '../../components/admin/classes';
import type { AnyRecord } from '../../components/admin/resource-form';
import { ResourceScreen } from '../../components/admin/resource-screen';
import { useListFilter } from '../../components/admin/use-list-view';
import { Badge, NoAltMark, Thumb } from '../../components/admin/ui';
import { resourceRouteModule, type ResourceScreenData } from '../../lib/admin/resource-data';

const imagesOf = (row: AnyRecord) => (Array.isArray(row.images) ? (row.images as (GalleryImage | string)[]) : []);
const urlOf = (image: GalleryImage | string) => (typeof image === 'string' ? image : image.url);

const screen: ResourceScreenData = {
  resourceKey: 'gallery',
  copy: screenCopy.gallery,
  toastMs: TOAST_SHORT_MS,
};

export const { clientLoader, clientAction, shouldRevalidate } = resourceRouteModule(screen);

export default function Gallery() {
  const [category, setCategory] = useListFilter('category');
  const [localCategories, setLocalCategories] = useState<string[]>([]);
  const [newCategory, setNewCategory] = useState('');

  const categoriesOf = (rows: AnyRecord[]) => [
    ...new Set([
      ...choicesOf(resources.gallery, 'category'),
      ...rows.map((row) => String(row.category ?? '')).filter(Boolean),
      ...localCategories,
    ]),
  ];
  const addCategory = () => {
    const name = newCategory.trim();
    if (name && !localCategories.includes(name)) setLocalCategories([...localCategories, name]);
    setNewCategory('');
  };

  return (
    <ResourceScreen
      {...screen}
      formMode="inline"
      subtitle={(rows, matched) =>
        matched.length === rows.length ? galleryCopy.total(rows.length) : listCopy.matching(matched.length, rows.length)
      }
      formOptions={(rows) => ({ fieldOptions: { category: categoriesOf(rows) } })}
      searchPlaceholder={galleryCopy.searchPlaceholder}
      emptyFiltered={galleryCopy.empty}
      filter={(rows) => (category ? rows.filter((row) => row.category === category) : rows)}
      toolbar={(rows) => (
        <>
          <select
            aria-label={galleryCopy.categoryFilter}
            className={`${input} max-w-[14rem]`}
            value={category}
            onChange={(e) => setCategory(e.currentTarget.value)}
          >
            <option value="">{galleryCopy.allCategories}</option>
            {categoriesOf(rows).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <span className="flex gap-2">
            <input
              aria-label={galleryCopy.newCategory}
              placeholder={galleryCopy.newCategory}
              className={`${input} max-w-[12rem]`}
              value={newCategory}
              onChange={(e) => setNewCategory(e.currentTarget.value)}
            />
            <button type="button" className={btn.secondary} onClick={addCategory}>
              {galleryCopy.addCategory}
            </button>
          </span>
        </>
      )}
      columns={[
        {
          header: galleryCopy.columns.images,
          cell: (row) => {
            const images = imagesOf(row);
            return (
              <span className="flex items-center gap-1">
                {images.slice(0, 3).map((image) => (
                  <Thumb
                    key={urlOf(image)}
                    src={urlOf(image)}
                    alt={(typeof image === 'string' ? '' : image.alt) || String(row.title)}
                    className="h-12 w-16"
                  />
                ))}
                {images.length > 3 ? <Badge>{galleryCopy.more(images.length - 3)}</Badge> : null}
                <NoAltMark record={row} />
              </span>
            );
          },
        },
        { header: galleryCopy.columns.title, cell: (row) => <span className="font-medium">{String(row.title)}</span>, sortField: 'title' },
        {
          header: galleryCopy.columns.category,
          cell: (row) => <Badge tone="orange">{String(row.category)}</Badge>,
          sortField: 'category',
        },
      ]}
    />
  );
}
