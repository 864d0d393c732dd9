// One of the entry's stages (src/main.tsx): importing this evaluates the React Router chunk, in a task of its own. It
// names one export only, so the bundle keeps only the parts of the package the app uses (a whole namespace would not
// be shaken: decision 177).
export { RouterProvider } from 'react-router';
