// Moved to the console's lib (the surveys and help editors use it too); kept here so the content screens' imports hold.
export { useUnsavedChanges } from '../../../lib/useUnsavedChanges.ts';
