/** `n` and a word, plural unless `n` is one: "1 round", "32 rounds". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
