/** A secret of the school as its field needs it: whether it is set, its value once revealed, how to reveal it. */
export type SecretField = { isSet: boolean; value: string | undefined; reveal: () => Promise<string> };
