/** The drop zone of image files: a form's images, the media library's uploads. */
import { ImagePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { commonCopy } from '../../../shared/copy/admin';

/**
 * Several files picked or dropped at once (a form's images, the media library's uploads; one with `multiple` false); the
 * file input stays the keyboard's way in. `chooseLabel` names it where "Choose image" would not say what it does.
 */
export function ImageDropZone({
  onFiles,
  multiple = true,
  chooseLabel,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  chooseLabel?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <div
      data-testid="image-drop-zone"
      className={`rounded-lg border-2 border-dashed p-4 text-center text-sm text-gray-700 ${dragging ? 'border-brand bg-orange-50' : 'border-gray-300'}`}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!disabled) onFiles(Array.from(event.dataTransfer.files));
      }}
    >
      <span className="mr-2">{multiple ? commonCopy.dropImages : commonCopy.dropImage}</span>
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-gray-400 bg-white px-4 py-2 text-sm text-gray-800 hover:bg-gray-50 focus-within:ring-2 focus-within:ring-brand"
      >
        <ImagePlus className="h-4 w-4" aria-hidden />
        {chooseLabel ?? (multiple ? commonCopy.chooseImages : commonCopy.chooseImage)}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const picked = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          onFiles(picked);
        }}
      />
    </div>
  );
}
