import { download } from '../../../lib/api.ts';

/** The member's own data as a zip (exportMyData), with the bytes received so far reported as they arrive. */
export const exportMyData = (onProgress: (bytes: number) => void) => download('exportMyData', {}, onProgress);
