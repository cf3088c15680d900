/** A package in lakhs per annum with at most two decimals: 12.5 -> "12.5 LPA". */
export const lpa = (value: number) => `${Number(value.toFixed(2))} LPA`;
