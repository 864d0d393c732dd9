// Functions of the surveys domain. Add each with defineFunction and list it in the array below.
export const surveysFunctions = [] as const;
