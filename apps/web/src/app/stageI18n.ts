// One of the entry's stages (src/main.tsx): importing this evaluates the i18next chunk, in a task of its own (one
// export named, so the rest of the package is still shaken out: decision 177).
export { initReactI18next } from 'react-i18next';
