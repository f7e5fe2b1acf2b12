/** Checks a picked file before anything is sent, with the messages the server would give. */
import { maxImageMb, type AdminLimits } from '../../../shared/admin-limits';
import { commonCopy } from '../../../shared/copy/admin';

/** null when the file is an acceptable image under the server's limits, else why not. */
export function imageFileProblem(file: File, limits: AdminLimits, many = false): string | null {
  if (!file.type.startsWith('image/')) return many ? commonCopy.notImages : commonCopy.notAnImage;
  if (file.size > limits.maxImageBytes) return commonCopy.tooLarge(maxImageMb(limits));
  return null;
}
