/**
 * Work in progress: the public API of this package is being written.
 *
 * @packageDocumentation
 */
export {};
