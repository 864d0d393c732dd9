// Functions of the events domain. Add each with defineFunction and list it in the array below.
export const eventsFunctions = [] as const;
