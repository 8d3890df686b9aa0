/**
 * A whole number with its thousands set off by commas, as the lesson writes them: 4,224 bytes.
 *
 * @remarks
 * The same text as `toLocaleString('en')` for an integer, without `Intl`: the browser's number
 * formatting loads its locale data on first use, a pause in whichever scene first says such a number.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`groupDigits takes a whole number, not ${n}`);
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}
