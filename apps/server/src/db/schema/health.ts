// Tables of the health domain.
export {};
