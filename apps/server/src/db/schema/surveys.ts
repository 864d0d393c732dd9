// Tables of the surveys domain.
export {};
