// Functions of the lifecycle domain. Add each with defineFunction and list it in the array below.
export const lifecycleFunctions = [] as const;
