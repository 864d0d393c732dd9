// Tables of the account domain.
export {};
