/** The years the Sales page offers: this year and the nine before it, newest first. */
export const yearsOf = (thisYear: number): number[] => Array.from({ length: 10 }, (_, i) => thisYear - i);
