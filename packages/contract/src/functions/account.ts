// Functions of the account domain. Add each with defineFunction and list it in the array below.
export const accountFunctions = [] as const;
