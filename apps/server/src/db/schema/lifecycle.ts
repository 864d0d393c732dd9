// Tables of the lifecycle domain.
export {};
