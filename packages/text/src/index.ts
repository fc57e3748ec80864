export const hello = (s: string): string => s;
