/** The flow chart's height in pixels (its width follows its box). */
export const HEIGHT = 220;
