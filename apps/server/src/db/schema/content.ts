// Tables of the content domain.
export {};
