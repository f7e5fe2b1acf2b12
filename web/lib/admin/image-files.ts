/** Checks a picked file before anything is sent, with the messages the server would give. */
import { MAX_IMAGE_MB, commonCopy } from '../../../shared/copy/admin';

const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;

/** null when the file is an acceptable image, else why not. */
export function imageFileProblem(file: File, many = false): string | null {
  if (!file.type.startsWith('image/')) return many ? commonCopy.notImages : commonCopy.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return commonCopy.tooLarge;
  return null;
}
