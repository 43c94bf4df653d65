/** "1 night", "2 nights": English plurals for counted nouns on screen. */
export const plural = (count: number, noun: string): string => `${count} ${count === 1 ? noun : `${noun}s`}`;
