/** The eight genres (docs/requirements/content.md#content-genres), kept here so that no zod schema module ships to the browser. */
export const GENRE_IDS = ['genre1', 'genre2', 'genre3', 'genre4', 'genre5', 'genre6', 'genre7', 'genre8'] as const;
export type GenreId = (typeof GENRE_IDS)[number];
export const isGenre = (id: string | null | undefined): id is GenreId => (GENRE_IDS as readonly string[]).includes(id ?? '');
