/** A path into a file's data: keys and list indexes. */
export type Path = readonly (string | number)[];
