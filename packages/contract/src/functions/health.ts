// Functions of the health domain. Add each with defineFunction and list it in the array below.
export const healthFunctions = [] as const;
