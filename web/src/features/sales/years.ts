/** The years the Sales page offers: this year and the nine before it, newest first. */
export const yearsOf = (thisYear: number): number[] => Array.from({ length: 10 }, (_, i) => thisYear - i);

/** The year a `?year=` names when it is one the page offers, else this year. */
export const yearOfUrl = (value: string | null, thisYear: number): number => {
  const year = Number(value);
  return yearsOf(thisYear).includes(year) ? year : thisYear;
};
