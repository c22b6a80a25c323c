/** The page of an organisation's figures, ratings and comments (issue 36, signed-in users). */
export const organisationPagePath = (organisationId: number) => `/advertisements/organisations/${organisationId}`;
