import { didYouMean } from './http/did-you-mean.js';

/** An own key of options that names no option, and the hint a refusal of it ends with. */
export interface UnknownOption {
  name: string;
  /** `; did you mean "baseUrl"?` for a likely slip, else ` (its options: a, b, c)`. */
  hint: string;
}

/**
 * The first own key of `options` that is none of `known`'s (a record of every option's name, which
 * its type keeps complete: `Record<keyof Options, true>`), else undefined: from JavaScript a typo
 * (`baseURL`) would leave the option's default in place, unsaid.
 */
export function unknownOption(
  options: object,
  known: Record<string, true>,
): UnknownOption | undefined {
  const name = Object.keys(options).find((key) => !Object.hasOwn(known, key));
  if (name === undefined) return undefined;
  const names = Object.keys(known);
  return { name, hint: didYouMean(name, names) || ` (its options: ${names.join(', ')})` };
}
