import { call } from '../../../lib/api.ts';

/**
 * Whether a path is the hidden developer tool's (the function exists only when DEVTOOL_PATH is set), so nothing in
 * the bundle names the path. A failure counts as no.
 */
export async function isDevtoolPath(path: string): Promise<boolean> {
  try {
    const result = await call('isDevtoolPath', { path });
    return result.succeed && result.isDevtool;
  } catch {
    return false;
  }
}
