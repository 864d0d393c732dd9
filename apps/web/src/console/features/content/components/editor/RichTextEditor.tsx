// Moved to the console's components (the help pages and FAQ editors use it too); kept here for the content editors.
export { default } from '../../../../components/RichTextEditor.tsx';
