// Functions of the content domain. Add each with defineFunction and list it in the array below.
export const contentFunctions = [] as const;
