/** Named statements kept per connection at most; beyond it queries go unnamed (parsed and planned each time). */
export const MAX_PER_CONNECTION: number;

/** The prepared statement's name for this text (the same on every connection). */
export function statementName(text: string): string;
