/** Shared Prettier settings for every puzzlekit package. */
export default {
  printWidth: 100,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
};
